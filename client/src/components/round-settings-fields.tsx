import type { Movement } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';

/** Round times offered; 1–4 s are blink rounds (SPEC §3: blink when 0 < rl < 5). */
export const ROUND_TIMES = [-1, 10, 30, 60, 90, 120, 180, 300, 2, 3] as const;

/** SPEC §3: a round time of 1–4 s is a Blink round (the picture shows that long). */
const isBlinkTime = (seconds: number) => seconds > 0 && seconds < 5;

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
  const groups = [
    { key: 'guess', seconds: times.filter((seconds) => !isBlinkTime(seconds)) },
    { key: 'blink', seconds: times.filter(isBlinkTime) },
  ] as const;
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('lobby.roundTimeLabel')}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(Number(event.target.value))} data-testid="round-time">
        {/* Blink is a way of playing, not a time to guess: it gets a group of its own. */}
        {groups.filter(({ seconds: group }) => group.length > 0).map(({ key, seconds: group }) => (
          <optgroup key={key} label={t(`rounds.timeGroups.${key}`)}>
            {group.map((seconds) => (
              <option key={seconds} value={seconds}>
                {label(seconds)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
