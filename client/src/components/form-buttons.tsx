import { useTranslation } from 'react-i18next';

/** A small form's Cancel and submit pair, the submit showing a spinner while the form is sent. */
export function FormButtons({ pending, submitLabel, onCancel }: { pending: boolean; submitLabel: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      <button type="button" className="button" onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending && <span className="spinner spinner--small" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}
