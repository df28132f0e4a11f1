import { LIVE, type CreateGameRequest, type Movement } from '@globetrail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { MovementField, movementSettings, RoundTimeField } from '../../../components/round-settings-fields';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useCreateGame } from '../hooks/use-create-game';

type PrivateMode = CreateGameRequest['gameT'];
const MODES: readonly PrivateMode[] = ['C', 'A', 'T', 'D'];
/** Round times offered to live games; 1–4 s are blink rounds (SPEC §3: blink when 0 < rl < 5). */
const ROUND_TIMES = [30, 60, 90, 120, 180, 300, -1, 2, 3] as const;
const MAX_ROUNDS = 50;
const MAX_TAG = 40;

/** "Play with friends": a private game of any mode, shared by its link; on a map when opened from one. */
export function CreateGameWindow({ map, onClose }: { map: { mapId: string; mapName: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateGame(onClose);
  const id = useId();
  const [mode, setMode] = useState<PrivateMode>('C');
  const [rounds, setRounds] = useState('5');
  const [roundTime, setRoundTime] = useState<number>(LIVE.defaultRoundSeconds);
  const [gat, setGat] = useState(false);
  const [sga, setSga] = useState(false);
  const [tag, setTag] = useState('');
  const [movement, setMovement] = useState<Movement>('move');
  const roundCount = Number(rounds);
  const roundsInvalid = mode !== 'D' && (!Number.isInteger(roundCount) || roundCount < 1 || roundCount > MAX_ROUNDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (roundsInvalid || create.isPending) return;
    create.mutate({
      gameT: mode,
      ...(mode === 'D' ? {} : { nr: roundCount }),
      rl: roundTime,
      gat,
      sga,
      tag: tag.trim() || null,
      ...movementSettings(movement),
      ...(map ? { mapId: map.mapId } : {}),
    });
  };

  return (
    <ModalWindow title={t('setup.title')} onClose={onClose} testId="create-game-window">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form__intro muted">{t('setup.intro')}</p>
        {map && (
          <p className="setup-map" data-testid="setup-map">
            {t('setup.onMap', { name: map.mapName })}
          </p>
        )}
        <fieldset className="radio-group">
          <legend>{t('live.settings.mode')}</legend>
          {MODES.map((code) => (
            <label key={code} className="radio-group__option">
              <input type="radio" name={`${id}-mode`} value={code} checked={mode === code} onChange={() => setMode(code)} data-testid={`setup-mode-${code}`} />
              <span>
                <strong>{t(`live.modes.${code}`)}</strong>
                <span className="muted setup-mode__hint"> — {t(`setup.modeHints.${code}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {mode !== 'D' && (
          <div className={`form-field ${roundsInvalid ? 'form-field--invalid' : ''}`}>
            <label htmlFor={`${id}-rounds`}>{t('live.settings.rounds')}</label>
            <input
              id={`${id}-rounds`}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ROUNDS}
              value={rounds}
              onChange={(event) => setRounds(event.target.value)}
              aria-invalid={roundsInvalid || undefined}
              aria-describedby={`${id}-rounds-hint`}
            />
            <span id={`${id}-rounds-hint`} className={roundsInvalid ? 'form-field__error' : 'form-field__hint'}>
              {t('setup.roundsHint', { max: MAX_ROUNDS })}
            </span>
          </div>
        )}
        <RoundTimeField value={roundTime} onChange={setRoundTime} times={ROUND_TIMES} />
        <MovementField value={movement} onChange={setMovement} />
        <div className="switch-row">
          <label htmlFor={`${id}-gat`}>
            <span>{t('live.settings.gat')}</span>
            <span className="muted">{t('setup.gatHint', { seconds: LIVE.gatWindowMs / 1000 })}</span>
          </label>
          <input id={`${id}-gat`} type="checkbox" checked={gat} onChange={(event) => setGat(event.target.checked)} />
        </div>
        <div className="switch-row">
          <label htmlFor={`${id}-sga`}>
            <span>{t('live.settings.sga')}</span>
            <span className="muted">{t('setup.sgaHint')}</span>
          </label>
          <input id={`${id}-sga`} type="checkbox" checked={sga} onChange={(event) => setSga(event.target.checked)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-tag`}>{t('live.settings.tag')}</label>
          <input id={`${id}-tag`} value={tag} maxLength={MAX_TAG} onChange={(event) => setTag(event.target.value)} aria-describedby={`${id}-tag-hint`} />
          <span id={`${id}-tag-hint`} className="form-field__hint">
            {t('setup.tagHint')}
          </span>
        </div>
        {create.isError && <ErrorMessage>{errorMessage(create.error)}</ErrorMessage>}
        <button type="submit" className="button button--primary form__submit" disabled={roundsInvalid || create.isPending} aria-busy={create.isPending || undefined} data-testid="create-game">
          {create.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('setup.create')}
        </button>
      </form>
    </ModalWindow>
  );
}
