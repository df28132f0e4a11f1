import type { MapEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useMapName } from '../../../lib/maps/map-names';
import { useMapDescription } from '../hooks/use-map-description';
import type { PlayMap } from '../hooks/play-map';
import { CategoryChips } from './category-chips';
import { LikeButton } from './like-button';

interface MapCardProps {
  map: MapEntry;
  player: PlayMap;
  /** Shown for the player's own maps. */
  editable?: boolean;
  /** Called when a link leaves the window (to the map page or the editor). */
  onLeave: () => void;
}

export function MapCard({ map, player, editable = false, onLeave }: MapCardProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const nameOf = useMapName();
  const name = nameOf(map);
  const description = useMapDescription()(map);
  const starting = player.pendingMapId === map.mapId;
  return (
    <li className="map-card" data-testid="map-card" data-map-id={map.mapId}>
      <div className="map-card__head">
        <Link className="map-card__name" to={`/map/${encodeURIComponent(map.mapId)}`} onClick={onLeave}>
          {name}
        </Link>
        <span className="map-card__author muted">{map.official ? t('maps.official') : t('maps.by', { name: map.creatorName ?? t('maps.unknownAuthor') })}</span>
      </div>
      {description && <p className="map-card__description muted">{description}</p>}
      <p className="map-card__figures">
        <span>{t('maps.locations', { count: map.loc, value: format.count(map.loc) })}</span>
        <span>{t('maps.plays', { count: map.plays, value: format.count(map.plays) })}</span>
      </p>
      <CategoryChips map={map} />
      <div className="map-card__actions">
        <LikeButton map={map} />
        {editable && map.mc === 'places' && (
          <Link className="button button--small" to={`/mapEditor/${encodeURIComponent(map.mapId)}`} onClick={onLeave}>
            {t('maps.edit')}
          </Link>
        )}
        <button type="button" className="button button--small button--primary" disabled={player.pendingMapId !== null} aria-label={t('maps.playNamed', { name })} onClick={() => player.play({ mapId: map.mapId, mapName: name })}>
          {starting ? t('maps.starting') : t('maps.play')}
        </button>
      </div>
    </li>
  );
}
