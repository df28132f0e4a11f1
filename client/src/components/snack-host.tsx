import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackActions, useSnacks, type Snack } from '../lib/layout/snacks';

/** Short messages at the bottom of the screen (SPEC §2 snack messages); each hides itself. */
export function SnackHost() {
  const snacks = useSnacks();
  return (
    <div className="snack-host" role="status" aria-live="polite">
      {snacks.map((snack) => (
        <SnackItem key={snack.id} snack={snack} />
      ))}
    </div>
  );
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useTranslation();
  const { dismiss } = useSnackActions();

  useEffect(() => {
    const timer = setTimeout(() => dismiss(snack.id), snack.durationMs);
    return () => clearTimeout(timer);
  }, [dismiss, snack.id, snack.durationMs]);

  return (
    <div className="snack" data-testid="snack">
      <span className="snack__message">{snack.message}</span>
      {snack.action && (
        <button
          type="button"
          className="snack__action"
          onClick={() => {
            snack.action?.onClick();
            dismiss(snack.id);
          }}
        >
          {snack.action.label}
        </button>
      )}
      <button type="button" className="icon-button icon-button--small" aria-label={t('common.dismiss')} onClick={() => dismiss(snack.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
