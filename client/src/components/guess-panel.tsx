import './guess-panel.css';
import type { LatLng } from '@globetrail/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { MapIcon } from '../../../components/icons';
import { WorldMap, type MapMarker } from '../../../components/world-map';
import { COMPACT_MAP_QUERY, useMediaQuery } from '../../../lib/hooks/use-media-query';

interface GuessPanelProps {
  guess: LatLng | null;
  onPick: (at: LatLng) => void;
  onGuess: () => void;
  pending: boolean;
  error: string | null;
}

/**
 * The guess map: a corner panel that grows on hover or focus on desktop, a sheet the player opens
 * and closes on narrow or touch screens.
 */
export function GuessPanel({ guess, onPick, onGuess, pending, error }: GuessPanelProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery(COMPACT_MAP_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetId = useId();
  const markers: MapMarker[] = guess ? [{ id: 'guess', kind: 'guess', position: guess, label: t('map.yourGuess') }] : [];

  const guessButton = (
    <button
      type="button"
      className="button button--primary guess-button"
      disabled={!guess || pending}
      aria-busy={pending || undefined}
      onClick={onGuess}
      title={guess ? t('game.guessShortcut') : t('game.placeMarkerFirst')}
    >
      {pending && <span className="spinner spinner--small" aria-hidden="true" />}
      {t('game.guess')}
    </button>
  );

  const map = <WorldMap label={t('map.pickLabel')} markers={markers} onPick={onPick} showMapTypeButton />;
  const errorLine = error ? <ErrorMessage className="guess-panel__error">{error}</ErrorMessage> : null;

  if (!compact) {
    return (
      <section className="guess-panel" aria-label={t('game.guessMap')} data-testid="guess-map">
        <div className="guess-panel__map">{map}</div>
        {errorLine}
        {guessButton}
      </section>
    );
  }

  return (
    <>
      <section
        id={sheetId}
        className={`guess-sheet ${sheetOpen ? 'guess-sheet--open' : ''}`}
        aria-label={t('game.guessMap')}
        data-testid="guess-map"
      >
        <div className="guess-sheet__map">{map}</div>
      </section>
      <div className="guess-bar">
        {errorLine}
        <div className="guess-bar__buttons">
          <button
            type="button"
            className="button guess-bar__toggle"
            aria-expanded={sheetOpen}
            aria-controls={sheetId}
            onClick={() => setSheetOpen((open) => !open)}
          >
            <MapIcon />
            {sheetOpen ? t('game.hideMap') : t('game.showMap')}
          </button>
          {guessButton}
        </div>
      </div>
    </>
  );
}
