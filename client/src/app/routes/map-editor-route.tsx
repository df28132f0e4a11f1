import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { MapEditorPage } from '../../features/map-editor/components/map-editor-page';
import { usePlayMap } from '../hooks/use-play-map';
import { useNavigate } from '../../lib/routing/navigation';

/**
 * mapEditor/{key} (SPEC §2): `new` makes a map under an id chosen here (a UUID, so a retried first save
 * creates it once), any other key opens that map. Once a new map is saved, the address names it.
 */
export function MapEditorRoute() {
  const { key = 'new' } = useParams();
  const navigate = useNavigate();
  // Each visit to mapEditor/new is a new map, even when the route stays mounted in between.
  const { key: visit } = useLocation();
  const newId = useMemo(() => crypto.randomUUID(), [visit]);
  const player = usePlayMap();
  const isNew = key === 'new';
  const mapId = isNew ? newId : key;
  return (
    <MapEditorPage
      key={mapId}
      mapId={mapId}
      isNew={isNew}
      onCreated={(id) => navigate(`/mapEditor/${encodeURIComponent(id)}`, { replace: true })}
      play={{ onPlay: player.play, pending: player.pendingMapId !== null, error: player.error }}
    />
  );
}
