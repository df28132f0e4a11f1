import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { FormButtons } from '../../../components/form-buttons';
import { FormField } from '../../../components/form-field';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useChangeName } from '../hooks/use-account-actions';

const NAME_MAX = 40;

/** The name shown on the leaderboard, profiles and in games; opens into a one-field form. */
export function ChangeNameSection({ currentName }: { currentName: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const change = useChangeName();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), title: useId() };

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => {
          setName(currentName);
          setOpen(true);
        }} data-testid="change-name">
        {t('account.rename.title')}
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) return setError(t('auth.errors.nameRequired'));
    setError(null);
    change.mutate(wanted, {
      onSuccess: () => setOpen(false),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form className="form account-password" noValidate onSubmit={submit} aria-labelledby={ids.title} aria-busy={change.isPending || undefined}>
      <h3 id={ids.title}>{t('account.rename.title')}</h3>
      <FormField id={ids.input} label={t('auth.name')} hint={t('auth.nameHint')} error={error}>
        {(describedBy) => (
          <input
            id={ids.input}
            autoComplete="nickname"
            maxLength={NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={change.isPending}
          />
        )}
      </FormField>
      {change.isError && !error && <ErrorMessage>{errorMessage(change.error)}</ErrorMessage>}
      <FormButtons pending={change.isPending} submitLabel={t('account.rename.save')} onCancel={() => setOpen(false)} />
    </form>
  );
}
