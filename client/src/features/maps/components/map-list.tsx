import type { MapEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import type { PlayMap } from '../hooks/play-map';
import { MapCard } from './map-card';

interface MapListProps {
  query: { data: { maps: MapEntry[]; total?: number } | undefined; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  player: PlayMap;
  empty: string;
  editable?: boolean;
  onLeave: () => void;
}

/** A list of maps with its loading, error and empty states. */
export function MapList({ query, player, empty, editable = false, onLeave }: MapListProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (query.isPending) return <LoadingScreen label={t('maps.loading')} />;
  if (query.isError && !query.data) return <ErrorMessage onRetry={() => void query.refetch()}>{errorMessage(query.error)}</ErrorMessage>;
  const maps = query.data?.maps ?? [];
  if (maps.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="map-list" aria-busy={query.isFetching || undefined}>
      {maps.map((map) => (
        <MapCard key={map.mapId} map={map} player={player} editable={editable} onLeave={onLeave} />
      ))}
    </ul>
  );
}
