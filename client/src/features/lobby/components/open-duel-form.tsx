import { LIVE } from '@globetrail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useOpenDuel } from '../hooks/use-open-duel';

const ROUND_TIMES = [30, 60, 90, 120, 180, 300, -1] as const;
const MAX_MIN_ELO = 4000;

/** Open a duel for the lobby: an optional minimum Elo for the opponent and the round time. */
export function OpenDuelForm() {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const openDuel = useOpenDuel();
  const eloId = useId();
  const timeId = useId();
  const [minElo, setMinElo] = useState('');
  const [roundTime, setRoundTime] = useState<number>(LIVE.defaultRoundSeconds);
  const parsed = minElo.trim() === '' ? null : Number(minElo);
  const invalid = parsed !== null && (!Number.isInteger(parsed) || parsed < 0 || parsed > MAX_MIN_ELO);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || openDuel.isPending) return;
    openDuel.mutate({ mElo: parsed, rl: roundTime });
  };

  return (
    <form className="open-duel" onSubmit={submit} aria-labelledby={`${eloId}-title`} noValidate>
      <h2 id={`${eloId}-title`} className="room-page__section-title">
        {t('lobby.openTitle')}
      </h2>
      <div className="open-duel__fields">
        <div className={`form-field ${invalid ? 'form-field--invalid' : ''}`}>
          <label htmlFor={eloId}>{t('lobby.minEloLabel')}</label>
          <input
            id={eloId}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_MIN_ELO}
            step={1}
            value={minElo}
            placeholder={t('lobby.minEloPlaceholder')}
            onChange={(event) => setMinElo(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${eloId}-hint`}
            data-testid="open-duel-min-elo"
          />
          <span id={`${eloId}-hint`} className={invalid ? 'form-field__error' : 'form-field__hint'}>
            {invalid ? t('lobby.minEloInvalid', { max: MAX_MIN_ELO }) : t('lobby.minEloHint')}
          </span>
        </div>
        <div className="form-field">
          <label htmlFor={timeId}>{t('lobby.roundTimeLabel')}</label>
          <select id={timeId} className="select" value={roundTime} onChange={(event) => setRoundTime(Number(event.target.value))}>
            {ROUND_TIMES.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds < 0 ? t('live.noLimit') : seconds < 60 ? t('units.s', { value: format.number(seconds) }) : t('lobby.minutes', { count: seconds / 60, value: format.decimal(seconds / 60) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {openDuel.isError && <ErrorMessage>{errorMessage(openDuel.error)}</ErrorMessage>}
      <button type="submit" className="button button--primary" disabled={invalid || openDuel.isPending} aria-busy={openDuel.isPending || undefined} data-testid="open-duel">
        {openDuel.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('lobby.open')}
      </button>
    </form>
  );
}
