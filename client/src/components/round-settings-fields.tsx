import type { Movement } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';

/** Round times offered; 1–4 s are blink rounds (SPEC §3: blink when 0 < rl < 5). */
export const ROUND_TIMES = [-1, 10, 30, 60, 90, 120, 180, 300, 2, 3] as const;

/** SPEC §3's nm/nmpz as one choice. */
export const movementSettings = (movement: Movement) => ({ nm: movement === 'pan', nmpz: movement === 'none' });

export function useRoundTimeLabel() {
  const { t } = useTranslation();
  const format = useFormatters();
  return (seconds: number) =>
    seconds < 0
      ? t('live.noLimit')
      : seconds < 5
        ? t('live.settings.blink', { seconds })
        : seconds < 60
          ? t('units.s', { value: format.number(seconds) })
          : t('lobby.minutes', { count: seconds / 60, value: format.decimal(seconds / 60) });
}

/** Move, No Move (pan and zoom only) or NMPZ (no move, no pan, no zoom), with what each means. */
export function MovementField({ value, onChange }: { value: Movement; onChange: (movement: Movement) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="radio-group">
      <legend>{t('rounds.movement')}</legend>
      {(['move', 'pan', 'none'] as const).map((movement) => (
        <label key={movement} className="radio-group__option">
          <input type="radio" name={name} value={movement} checked={value === movement} onChange={() => onChange(movement)} data-testid={`movement-${movement}`} />
          <span>
            <strong>{t(`rounds.movements.${movement}`)}</strong>
            <span className="muted"> — {t(`rounds.movementHints.${movement}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function RoundTimeField({ value, onChange, times = ROUND_TIMES }: { value: number; onChange: (seconds: number) => void; times?: readonly number[] }) {
  const { t } = useTranslation();
  const id = useId();
  const label = useRoundTimeLabel();
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('lobby.roundTimeLabel')}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(Number(event.target.value))} data-testid="round-time">
        {times.map((seconds) => (
          <option key={seconds} value={seconds}>
            {label(seconds)}
          </option>
        ))}
      </select>
    </div>
  );
}
