import { MIN_PASSWORD_LENGTH } from '@globetrail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { FormButtons } from '../../../components/form-buttons';
import { FormField } from '../../../components/form-field';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useChangePassword } from '../hooks/use-account-actions';

/** Opens into a two-field form; a wrong current password is named on its field. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; form?: string }>({});
  const ids = { current: useId(), next: useId(), title: useId() };

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)} data-testid="change-password">
        {t('account.password.title')}
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = t('auth.errors.passwordRequired');
    if (next.length < MIN_PASSWORD_LENGTH) found.next = t('auth.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
    setErrors(found);
    if (found.current || found.next) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setOpen(false);
          setCurrent('');
          setNext('');
        },
        onError: (error) => {
          const field = isApiRequestError(error) ? error.field : undefined;
          if (field === 'currentPassword') setErrors({ current: t('account.password.wrongCurrent') });
          else if (field === 'newPassword') setErrors({ next: t('auth.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) });
          else setErrors({ form: errorMessage(error) });
        },
      },
    );
  };

  const input = (key: 'current' | 'next', label: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <FormField id={ids[key]} label={label} error={errors[key]}>
      {(describedBy) => (
        <input
          id={ids[key]}
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => set(event.target.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          disabled={change.isPending}
        />
      )}
    </FormField>
  );

  return (
    <form className="form account-password" noValidate onSubmit={submit} aria-labelledby={ids.title} aria-busy={change.isPending || undefined}>
      <h3 id={ids.title}>{t('account.password.title')}</h3>
      {input('current', t('account.password.current'), current, setCurrent, 'current-password')}
      {input('next', t('account.password.new'), next, setNext, 'new-password')}
      {errors.form && <ErrorMessage>{errors.form}</ErrorMessage>}
      <FormButtons pending={change.isPending} submitLabel={t('account.password.save')} onCancel={() => setOpen(false)} />
    </form>
  );
}
