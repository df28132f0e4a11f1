import './round-outcome.css';
import type { LatLng } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import type { PaddingOptions } from 'maplibre-gl';
import { type ReactNode, type RefObject, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';
import { nearestCopy, resultMapPadding } from '../lib/map/result-framing';
import { ringRadii } from '../lib/map/distance-rings';
import { showRingsAtom, straightLinesAtom } from '../lib/settings/settings-atoms';
import { useSoundOnChange } from '../lib/sound/use-sound-on-change';
import { ScoreBar } from './score-bar';
import { type MapCircle, type MapMarker, WorldMap } from './world-map';

/** A finished round as its result screen shows it; no guess (and no distance) when its time ran out. */
export interface RoundOutcomeData {
  roundIndex: number;
  guess: LatLng | null;
  target: LatLng;
  distanceMeters: number | null;
  points: number;
  timeTakenMs: number;
  targetCountryCode: string | null;
  guessCountryCode: string | null;
}

function regionName(code: string, locale: string): string | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/**
 * A round's result over the whole screen: the guess and the target on the map, the points, distance and
 * time, and whatever the mode adds below (`children`: what happened to the score, the next button).
 */
export function RoundOutcome({ result, panelRef, children }: { result: RoundOutcomeData; panelRef: RefObject<HTMLElement | null>; children: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const straightLines = useAtomValue(straightLinesAtom);
  const showRings = useAtomValue(showRingsAtom);
  useSoundOnChange('round-result', result.roundIndex);
  const target = nearestCopy(result.target, result.guess);
  const [padding, setPadding] = useState<PaddingOptions | null>(null);

  useLayoutEffect(() => {
    const update = () => setPadding(resultMapPadding(panelRef.current, 80, 0.12));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [panelRef]);

  const markers: MapMarker[] = [
    ...(result.guess ? [{ id: 'guess', kind: 'guess' as const, position: result.guess, label: t('map.yourGuess') }] : []),
    { id: 'target', kind: 'target', position: target, label: t('map.target') },
  ];
  const guess = result.guess;
  const rings: MapCircle[] | null =
    showRings && guess ? ringRadii(result.distanceMeters).map((radius) => ({ id: `ring-${radius}`, center: guess, radiusMeters: radius, tone: 0, ring: true })) : null;
  const both = result.guess ? ([result.guess, target] as const) : null;
  const sameCountry = result.guessCountryCode !== null && result.guessCountryCode === result.targetCountryCode;
  const countryName = result.targetCountryCode ? regionName(result.targetCountryCode, format.locale) : null;

  return (
    <div className="round-result" data-testid="round-result">
      <div className="round-result__map">
        <WorldMap
          label={t('map.resultLabel')}
          markers={markers}
          line={straightLines ? both : null}
          circles={rings}
          fitTo={padding ? (both ?? [target]) : null}
          fitPadding={padding ?? undefined}
          showMapTypeButton
        />
      </div>
      <section ref={panelRef} className="round-result__panel" aria-labelledby="round-result-title">
        <h2 id="round-result-title" className="round-result__title">
          {t('result.title', { round: result.roundIndex + 1 })}
        </h2>
        {!result.guess && (
          <p className="round-result__timeout" role="status" data-testid="result-timed-out">
            {t('result.timedOut')}
          </p>
        )}
        <dl className="round-result__figures">
          <div className="round-result__figure round-result__figure--points">
            <dt>{t('result.points')}</dt>
            <dd data-testid="result-points">{format.number(result.points)}</dd>
          </div>
          <div className="round-result__figure">
            <dt>{t('result.distance')}</dt>
            <dd data-testid="result-distance">{result.distanceMeters === null ? '—' : format.distance(result.distanceMeters)}</dd>
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
        {children}
      </section>
    </div>
  );
}
