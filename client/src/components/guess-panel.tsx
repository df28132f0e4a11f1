import './guess-panel.css';
import type { LatLng, MapBounds } from '@globetrail/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from './error-message';
import { MapIcon } from './icons';
import { WorldMap, type MapCircle, type MapMarker } from './world-map';
import { COMPACT_MAP_QUERY, useMediaQuery } from '../lib/hooks/use-media-query';
import { useShowStreetName } from '../lib/settings/use-show-street-name';

interface GuessPanelProps {
  guess: LatLng | null;
  /** Omitted once the guess is final: the map still shows it but no longer moves it. */
  onPick?: (at: LatLng) => void;
  onGuess: () => void;
  pending: boolean;
  error: string | null;
  /** Other markers to show beside the player's own (other players' guesses, when visible). */
  extraMarkers?: readonly MapMarker[];
  circles?: readonly MapCircle[];
  /** Controls between the map and the Guess button (the circle radius, for one). */
  controls?: ReactNode;
  /** The guess is confirmed: the button reads as done and stays disabled. */
  done?: boolean;
  doneLabel?: string;
  /** The box the game's map lies in (a country's, a player's map): the guess map opens on it. Null: the world. */
  frame?: MapBounds | null;
}

const FRAME_PADDING = { top: 12, bottom: 12, left: 12, right: 12 };

/**
 * The guess map: a corner panel that grows on hover or focus on desktop, a sheet the player opens
 * and closes on narrow or touch screens.
 */
export function GuessPanel({ guess, onPick, onGuess, pending, error, extraMarkers, circles, controls, done, doneLabel, frame }: GuessPanelProps) {
  const { t } = useTranslation();
  const [showStreetName] = useShowStreetName();
  const compact = useMediaQuery(COMPACT_MAP_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetId = useId();
  const markers: MapMarker[] = [...(extraMarkers ?? []), ...(guess ? [{ id: 'guess', kind: 'guess' as const, position: guess, label: t('map.yourGuess') }] : [])];

  const guessButton = (
    <button
      type="button"
      className="button button--primary guess-button"
      disabled={!guess || pending || done}
      aria-busy={pending || undefined}
      onClick={onGuess}
      title={done ? undefined : guess ? t('game.guessShortcut') : t('game.placeMarkerFirst')}
    >
      {pending && <span className="spinner spinner--small" aria-hidden="true" />}
      {done ? (doneLabel ?? t('game.guess')) : t('game.guess')}
    </button>
  );

  const map = (
    <WorldMap
      label={onPick ? t('map.pickLabel') : t('map.guessedLabel')}
      markers={markers}
      circles={circles}
      onPick={onPick}
      showMapTypeButton
      labels={showStreetName}
      fitTo={frame ? [{ lat: frame.south, lng: frame.west }, { lat: frame.north, lng: frame.east }] : null}
      fitPadding={FRAME_PADDING}
    />
  );
  const errorLine = error ? <ErrorMessage className="guess-panel__error">{error}</ErrorMessage> : null;

  if (!compact) {
    return (
      <section className="guess-panel" aria-label={t('game.guessMap')} data-testid="guess-map">
        <div className="guess-panel__map">{map}</div>
        {controls}
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
        {controls}
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
