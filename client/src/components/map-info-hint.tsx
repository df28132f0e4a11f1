import './map-info-hint.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowActions } from '../lib/layout/windows';
import { readGameCounter } from '../lib/storage/game-counter';
import { storageKeys } from '../lib/storage/storage-keys';
import { readJson, writeJson } from '../lib/storage/web-storage';

/** SPEC §9: the map info hint shows while the player's game count is 1 to 49. */
const HINT_GAMES = { from: 1, to: 49 } as const;

/**
 * SPEC §2's map info hint: which map this game is on, and that another can be chosen. Newer players
 * see it until they dismiss it or have played 50 games.
 */
export function MapInfoHint({ mapName }: { mapName: string }) {
  const { t } = useTranslation();
  const { open } = useWindowActions();
  const [shown, setShown] = useState(() => {
    const games = readGameCounter();
    return games >= HINT_GAMES.from && games <= HINT_GAMES.to && readJson(storageKeys.mapInfoHintDismissed) !== true;
  });
  if (!shown) return null;
  return (
    <aside className="map-info-hint" data-testid="map-info-hint" aria-label={t('mapHint.label')}>
      <p>{t('mapHint.text', { name: mapName })}</p>
      <div className="map-info-hint__actions">
        <button type="button" className="button button--small button--primary" onClick={() => open({ kind: 'maps' })}>
          {t('mapHint.choose')}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            writeJson(storageKeys.mapInfoHintDismissed, true);
            setShown(false);
          }}
        >
          {t('common.dismiss')}
        </button>
      </div>
    </aside>
  );
}
