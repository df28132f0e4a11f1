import { LIVE, scoreForDistance } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

/** The slider runs on a log scale from 1 km to half the globe: small circles need fine steps. */
const MIN_RADIUS_M = 1_000;
const MAX_RADIUS_M = LIVE.maxRadiusMeters;
const STEPS = 1_000;
export const DEFAULT_RADIUS_M = 500_000;

const toSlider = (meters: number) => Math.round((Math.log(Math.max(MIN_RADIUS_M, meters) / MIN_RADIUS_M) / Math.log(MAX_RADIUS_M / MIN_RADIUS_M)) * STEPS);
const fromSlider = (value: number) => {
  const meters = MIN_RADIUS_M * (MAX_RADIUS_M / MIN_RADIUS_M) ** (value / STEPS);
  // Three significant figures: the label and the circle agree, and every slider step still moves the radius.
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(meters)) - 2);
  return Math.min(MAX_RADIUS_M, Math.round(meters / magnitude) * magnitude);
};

interface RadiusControlProps {
  meters: number;
  onChange: (meters: number) => void;
  maxMapDistance: number;
  disabled?: boolean;
}

/**
 * Circles mode: the guess's radius. A target inside the circle scores as if it were `r` away, outside
 * it scores nothing, so the control also says what the circle is worth.
 */
export function RadiusControl({ meters, onChange, maxMapDistance, disabled }: RadiusControlProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  // docs/live-games.md: a target inside the circle scores as if the guess had been `r` away.
  const worth = scoreForDistance(meters, maxMapDistance);
  const distance = format.distance(meters);
  return (
    <div className="radius-control">
      <div className="radius-control__labels">
        <label htmlFor={id}>{t('live.radius.label')}</label>
        <output htmlFor={id} data-testid="radius-value">
          {distance}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={STEPS}
        step={1}
        value={toSlider(meters)}
        disabled={disabled}
        aria-valuetext={distance}
        onChange={(event) => onChange(fromSlider(Number(event.target.value)))}
        data-testid="radius-slider"
      />
      <p className="radius-control__worth muted">{t('live.radius.worth', { points: format.number(worth) })}</p>
    </div>
  );
}
