import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { FormField } from '../../../components/form-field';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { usePasswordReset, type SignedIn } from '../hooks/use-auth-actions';

const CODE_PATTERN = /^\d{8}$/;

interface PasswordResetFormProps {
  initialEmail: string;
  minLength: number;
  onDone: (signedIn: SignedIn) => void;
  onBack: () => void;
}

/** "Forgot your password?": an emailed 8-digit code, then a new password; the player ends up signed in. */
export function PasswordResetForm({ initialEmail, minLength, onDone, onBack }: PasswordResetFormProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { request, confirm } = usePasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string; password?: string; form?: string }>({});
  const ids = { email: useId(), code: useId(), password: useId() };
  const codeInput = useRef<HTMLInputElement>(null);
  const pending = request.isPending || confirm.isPending;

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) return setErrors({ email: wanted ? t('auth.errors.emailInvalid') : t('auth.errors.emailRequired') });
    setErrors({});
    request.mutate(
      { email: wanted, language: i18n.resolvedLanguage ?? 'en' },
      {
        onSuccess: () => {
          setSentTo(wanted);
          requestAnimationFrame(() => codeInput.current?.focus());
        },
        onError: (error) => setErrors({ form: errorMessage(error) }),
      },
    );
  };

  const setNewPassword = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!CODE_PATTERN.test(code.trim())) found.code = t('auth.reset.codeInvalid');
    if (password.length < minLength) found.password = t('auth.errors.passwordTooShort', { min: minLength });
    setErrors(found);
    if (found.code || found.password || sentTo === null) return;
    confirm.mutate(
      { email: sentTo, code: code.trim(), password },
      {
        onSuccess: onDone,
        onError: (error) => {
          const field = isApiRequestError(error) ? error.field?.split('.').at(-1) : undefined;
          if (field === 'code') setErrors({ code: errorMessage(error) });
          else if (field === 'password') setErrors({ password: t('auth.errors.passwordTooShort', { min: minLength }) });
          else setErrors({ form: errorMessage(error) });
        },
      },
    );
  };

  if (sentTo === null) {
    return (
      <form className="form" noValidate onSubmit={sendCode} aria-busy={pending || undefined} data-testid="password-reset-request">
        <p className="muted form__intro">{t('auth.reset.intro')}</p>
        <FormField id={ids.email} label={t('auth.email')} error={errors.email}>
          {(describedBy) => (
            <input
              id={ids.email}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              disabled={pending}
            />
          )}
        </FormField>
        <FormEnd error={errors.form} pending={pending} submitLabel={t('auth.reset.send')} linkLabel={t('auth.reset.back')} onLink={onBack} />
      </form>
    );
  }

  return (
    <form className="form" noValidate onSubmit={setNewPassword} aria-busy={pending || undefined} data-testid="password-reset-confirm">
      <p className="muted form__intro" role="status">
        {t('auth.reset.sent', { email: sentTo })}
      </p>
      <FormField id={ids.code} label={t('auth.reset.code')} error={errors.code}>
        {(describedBy) => (
          <input
            ref={codeInput}
            id={ids.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={describedBy}
            disabled={pending}
          />
        )}
      </FormField>
      <FormField id={ids.password} label={t('auth.reset.newPassword')} hint={t('auth.passwordHint', { min: minLength })} error={errors.password}>
        {(describedBy) => (
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy}
            disabled={pending}
          />
        )}
      </FormField>
      <FormEnd error={errors.form} pending={pending} submitLabel={t('auth.reset.save')} linkLabel={t('auth.reset.resend')} onLink={() => setSentTo(null)} />
    </form>
  );
}

/** The error, the submit button and the link to the other step, under each step's fields. */
function FormEnd({ error, pending, submitLabel, linkLabel, onLink }: { error: string | undefined; pending: boolean; submitLabel: string; linkLabel: string; onLink: () => void }) {
  return (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <button type="submit" className="button button--primary form__submit" disabled={pending}>
        {pending && <span className="spinner spinner--small" aria-hidden="true" />}
        {submitLabel}
      </button>
      <p className="form__switch muted">
        <button type="button" className="link-button" onClick={onLink}>
          {linkLabel}
        </button>
      </p>
    </>
  );
}
