import { useTranslation } from 'react-i18next';
import { ModalWindow } from '../../../components/modal-window';
import { useFormatters } from '../../../lib/format/use-formatters';

interface TimeUpDialogProps {
  remainingMs: number;
  canGuess: boolean;
  onGuess: () => void;
  onClose: () => void;
}

/** The gat window: the round timer has run out and the player has a few seconds left to confirm a guess. */
export function TimeUpDialog({ remainingMs, canGuess, onGuess, onClose }: TimeUpDialogProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <ModalWindow title={t('live.timeUp.title')} onClose={onClose} testId="time-up-dialog">
      <p role="timer">{t('live.timeUp.text', { time: format.seconds(remainingMs) })}</p>
      <p className="muted">{canGuess ? t('live.timeUp.withMarker') : t('live.timeUp.withoutMarker')}</p>
      <div className="button-row">
        {canGuess && (
          <button type="button" className="button button--primary" onClick={onGuess} data-autofocus>
            {t('live.timeUp.guessNow')}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} data-autofocus={canGuess ? undefined : true}>
          {t('live.timeUp.toMap')}
        </button>
      </div>
    </ModalWindow>
  );
}
