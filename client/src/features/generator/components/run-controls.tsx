import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';

interface RunControlsProps {
  running: boolean;
  /** A run has ended on this page: starting again replaces it. */
  hasEndedRun: boolean;
  onStart: () => void;
  starting: boolean;
  /** Why Start cannot be used now, or the id of a note on the page that says so. */
  startBlockedBy: { reason: string } | { noteId: string } | null;
  startError: string | null;
  onStop: () => void;
  stopping: boolean;
  stopError: string | null;
}

export function RunControls({ running, hasEndedRun, onStart, starting, startBlockedBy, startError, onStop, stopping, stopError }: RunControlsProps) {
  const { t } = useTranslation();
  const id = useId();

  if (running) {
    return (
      <div className="generator-panel__section generator-controls">
        <button
          type="button"
          className="button button--danger button--large"
          onClick={onStop}
          disabled={stopping}
          aria-busy={stopping || undefined}
          aria-describedby={`${id}-stop`}
          data-testid="generator-stop"
        >
          {stopping && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('generator.run.stop')}
        </button>
        <p id={`${id}-stop`} className="generator-panel__note">
          {t('generator.run.stopHint')}
        </p>
        {stopError && <ErrorMessage onRetry={onStop}>{stopError}</ErrorMessage>}
      </div>
    );
  }

  const describedBy = startBlockedBy ? ('noteId' in startBlockedBy ? startBlockedBy.noteId : `${id}-reason`) : hasEndedRun ? `${id}-again` : undefined;
  return (
    <div className="generator-panel__section generator-controls">
      <button
        type="button"
        className="button button--primary button--large"
        onClick={onStart}
        disabled={startBlockedBy !== null || starting}
        aria-busy={starting || undefined}
        aria-describedby={describedBy}
        data-testid="generator-start"
      >
        {starting && <span className="spinner spinner--small" aria-hidden="true" />}
        {hasEndedRun ? t('generator.run.startAgain') : t('generator.run.start')}
      </button>
      {startBlockedBy && 'reason' in startBlockedBy && (
        <p id={`${id}-reason`} className="generator-panel__reason">
          {startBlockedBy.reason}
        </p>
      )}
      {hasEndedRun && !startBlockedBy && (
        <p id={`${id}-again`} className="generator-panel__note">
          {t('generator.run.startAgainHint')}
        </p>
      )}
      {startError && <ErrorMessage>{startError}</ErrorMessage>}
    </div>
  );
}
