import './round-result.css';
import type { LatLng, RoundResult, SoloGameView } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import type { PaddingOptions } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ScoreBar } from '../../../components/score-bar';
import { WorldMap, type MapMarker } from '../../../components/world-map';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { straightLinesAtom } from '../../../lib/settings/settings-atoms';
import { useScoreSubmission } from '../hooks/use-score-submission';

interface RoundResultProps {
  game: SoloGameView;
  result: RoundResult;
  onNext: () => void;
  nextPending: boolean;
  nextError: string | null;
}

/** The target moved to the world copy nearest the guess, so the line and the framing take the short way. */
function nearestCopy(target: LatLng, guess: LatLng): LatLng {
  let lng = target.lng;
  while (lng - guess.lng > 180) lng -= 360;
  while (lng - guess.lng < -180) lng += 360;
  return { lat: target.lat, lng };
}

/** Keeps both markers clear of the toolbar above and the result panel below (measured). */
function resultMapPadding(panel: HTMLElement | null): PaddingOptions {
  const height = window.innerHeight;
  const width = window.innerWidth;
  const side = Math.min(60, width * 0.08);
  const top = Math.min(80, height * 0.12);
  const covered = panel ? height - panel.getBoundingClientRect().top + 24 : height * 0.45;
  // Never leave less than a fifth of the screen for the markers, even on very short screens.
  const bottom = Math.max(24, Math.min(covered, height * 0.8 - top));
  return { top, right: side, bottom, left: side };
}

export function RoundResultView({ game, result, onNext, nextPending, nextError }: RoundResultProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const straightLines = useAtomValue(straightLinesAtom);
  const nextButtonRef = useRef<HTMLButtonElement>(null);
  const target = nearestCopy(result.target, result.guess);
  const panelRef = useRef<HTMLElement>(null);
  const [padding, setPadding] = useState<PaddingOptions | null>(null);

  useLayoutEffect(() => {
    const update = () => setPadding(resultMapPadding(panelRef.current));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    nextButtonRef.current?.focus({ preventScroll: true });
  }, [result.roundIndex]);

  const markers: MapMarker[] = [
    { id: 'guess', kind: 'guess', position: result.guess, label: t('map.yourGuess') },
    { id: 'target', kind: 'target', position: target, label: t('map.target') },
  ];

  const sameCountry = result.guessCountryCode !== null && result.guessCountryCode === result.targetCountryCode;
  const countryName = result.targetCountryCode ? regionName(result.targetCountryCode, format.locale) : null;

  return (
    <div className="round-result" data-testid="round-result">
      <div className="round-result__map">
        <WorldMap
          label={t('map.resultLabel')}
          markers={markers}
          line={straightLines ? [result.guess, target] : null}
          fitTo={padding ? [result.guess, target] : null}
          fitPadding={padding ?? undefined}
          showMapTypeButton
        />
      </div>
      <section ref={panelRef} className="round-result__panel" aria-labelledby="round-result-title">
        <h2 id="round-result-title" className="round-result__title">
          {t('result.title', { round: result.roundIndex + 1 })}
        </h2>
        <dl className="round-result__figures">
          <div className="round-result__figure round-result__figure--points">
            <dt>{t('result.points')}</dt>
            <dd data-testid="result-points">{format.number(result.points)}</dd>
          </div>
          <div className="round-result__figure">
            <dt>{t('result.distance')}</dt>
            <dd data-testid="result-distance">{format.distance(result.distanceMeters)}</dd>
          </div>
          <div className="round-result__figure">
            <dt>{t('result.time')}</dt>
            <dd data-testid="result-time">{format.seconds(result.timeTakenMs)}</dd>
          </div>
        </dl>
        <ScoreBar points={result.points} />
        {countryName && (
          <p className="round-result__country">{sameCountry ? t('result.rightCountry', { country: countryName }) : t('result.wasIn', { country: countryName })}</p>
        )}
        <ScoreStatus game={game} result={result} />
        {nextError && <ErrorMessage>{nextError}</ErrorMessage>}
        <button ref={nextButtonRef} type="button" className="button button--primary round-result__next" onClick={onNext} disabled={nextPending} aria-busy={nextPending || undefined} title={t('result.nextShortcut')}>
          {nextPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('result.nextRound')}
        </button>
      </section>
    </div>
  );
}

function regionName(code: string, locale: string): string | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** Signed in: the round's points join the player's total. Guests: a gentle invitation to sign in. */
function ScoreStatus({ game, result }: { game: SoloGameView; result: RoundResult }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const { open } = useWindowActions();
  const submission = useScoreSubmission(game, result);

  if (!submission.ranked) {
    return (
      <p className="round-result__saved muted" data-testid="unranked-result">
        {t('result.unranked')}
      </p>
    );
  }
  if (!submission.signedIn) {
    return (
      <div className="round-result__hint" data-testid="sign-in-hint">
        <p>{t('result.signInHint')}</p>
        <button type="button" className="button button--small" onClick={() => open({ kind: 'signIn', mode: 'signUp' })}>
          {t('result.signInToSave')}
        </button>
      </div>
    );
  }
  if (submission.alreadySubmitted) {
    return <p className="round-result__saved muted">{t('result.alreadySaved')}</p>;
  }
  if (submission.status === 'pending' || submission.status === 'idle') {
    return (
      <p className="round-result__saved muted" role="status">
        {t('result.saving')}
      </p>
    );
  }
  if (submission.status === 'error') {
    return <ErrorMessage onRetry={submission.retry}>{t('result.saveFailed', { reason: errorMessage(submission.error) })}</ErrorMessage>;
  }
  const saved = submission.saved;
  if (!saved) return null;
  return (
    <p className="round-result__saved" role="status" data-testid="result-total">
      <span>{t('result.newTotal', { points: format.number(saved.total) })}</span>
      {saved.rank !== null && (
        <span className="round-result__rank" data-testid="result-rank">
          {t('result.rank', { rank: format.number(saved.rank) })}
        </span>
      )}
    </p>
  );
}
