import { useParams } from 'react-router-dom';
import { MapPage } from '../../features/maps/components/map-page';
import { HomeBackground } from '../../features/welcome/components/home-background';
import { usePlayMap } from '../hooks/use-play-map';

/** map/{mapId} (SPEC §2): the map's page over the home background. */
export function MapRoute() {
  const { mapId = '' } = useParams();
  const player = usePlayMap();
  return (
    <>
      <HomeBackground />
      <MapPage key={mapId} mapId={mapId} player={player} />
    </>
  );
}
