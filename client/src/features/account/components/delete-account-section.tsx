import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';

interface DeleteAccountSectionProps {
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
}

/** Deleting is final, so it takes a second, explicit confirmation. */
export function DeleteAccountSection({ onConfirm, pending, error }: DeleteAccountSectionProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  if (!confirming) {
    return (
      <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
        {t('account.delete')}
      </button>
    );
  }
  return (
    <div className="danger-zone" role="group" aria-labelledby="delete-account-title">
      <h3 id="delete-account-title">{t('account.deleteConfirmTitle')}</h3>
      <p>{t('account.deleteConfirmText')}</p>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="button-row">
        <button type="button" className="button" onClick={() => setConfirming(false)} disabled={pending} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--danger" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
          {pending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('account.deleteConfirm')}
        </button>
      </div>
    </div>
  );
}
