import { MIN_PASSWORD_LENGTH } from '@globetrail/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { FormField } from '../../../components/form-field';
import { ModalWindow } from '../../../components/modal-window';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { showSnack } from '../../../lib/layout/snacks';
import { useDomainAuthorized, usePasswordPolicy, useSignIn, useSignUp, type SignedIn } from '../hooks/use-auth-actions';
import { PasswordResetForm } from './password-reset-form';
import { useNavigate } from '../../../lib/routing/navigation';

type Mode = 'signIn' | 'signUp' | 'reset';
type Field = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const NAME_MAX = 40;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SignInWindowProps {
  initialMode: Mode;
  onClose: () => void;
}

export function SignInWindow({ initialMode, onClose }: SignInWindowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const policy = usePasswordPolicy();
  const minLength = policy.data?.minLength ?? MIN_PASSWORD_LENGTH;
  const pending = signIn.isPending || signUp.isPending;
  const domainAuthorized = useDomainAuthorized();
  const ids = { name: useId(), email: useId(), password: useId(), tabIn: useId(), tabUp: useId(), panel: useId() };
  const inputs = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const focusField = (field: Field) => requestAnimationFrame(() => inputs[field].current?.focus());

  useEffect(() => {
    setFieldErrors({});
    setFormError(null);
  }, [mode]);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    const name = values.name.trim();
    if (mode === 'signUp') {
      if (!name) errors.name = t('auth.errors.nameRequired');
      else if (name.length > NAME_MAX) errors.name = t('auth.errors.nameTooLong', { max: NAME_MAX });
    }
    if (!values.email.trim()) errors.email = t('auth.errors.emailRequired');
    else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = t('auth.errors.emailInvalid');
    if (!values.password) errors.password = t('auth.errors.passwordRequired');
    else if (mode === 'signUp' && values.password.length < minLength) errors.password = t('auth.errors.passwordTooShort', { min: minLength });
    return errors;
  };

  const onSuccess = (signedIn: SignedIn) => {
    showSnack({ id: 'signed-in', message: t('auth.welcome', { name: signedIn.name }), durationMs: 5_000 });
    onClose();
    if (!signedIn.sameUser) navigate('/');
  };

  const onFailure = (error: unknown) => {
    const message = errorMessage(error);
    const field = isApiRequestError(error) ? fieldOf(error.field) : null;
    if (isApiRequestError(error) && error.code === 'invalid_credentials') {
      setFieldErrors({ password: message });
      setFormError(null);
      focusField('password');
    } else if (field) {
      setFieldErrors({ [field]: isApiRequestError(error) && error.code === 'weak_password' ? t('errors.weak_password', { min: minLength }) : message });
      setFormError(null);
      focusField(field);
    } else {
      setFormError(message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const errors = validate();
    setFieldErrors(errors);
    setFormError(null);
    const firstInvalid = (['name', 'email', 'password'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    const email = values.email.trim();
    if (mode === 'signIn') signIn.mutate({ email, password: values.password }, { onSuccess, onError: onFailure });
    else signUp.mutate({ name: values.name.trim(), email, password: values.password }, { onSuccess, onError: onFailure });
  };

  const field = (name: Field, label: string, type: string, autoComplete: string, hint?: string) => {
    const error = fieldErrors[name];
    return (
      <FormField id={ids[name]} label={label} {...(hint ? { hint } : {})} error={error}>
        {(describedBy) => (
          <input
            ref={inputs[name]}
            id={ids[name]}
            name={name}
            type={type}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [name]: value }));
              if (fieldErrors[name]) setFieldErrors((current) => ({ ...current, [name]: undefined }));
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={pending}
            {...(name === 'name' ? { maxLength: NAME_MAX } : {})}
          />
        )}
      </FormField>
    );
  };

  if (mode === 'reset') {
    return (
      <ModalWindow title={t('auth.reset.title')} onClose={onClose} testId="sign-in-window">
        <PasswordResetForm initialEmail={values.email.trim()} minLength={minLength} onDone={onSuccess} onBack={() => setMode('signIn')} />
      </ModalWindow>
    );
  }

  return (
    <ModalWindow title={mode === 'signIn' ? t('auth.signInTitle') : t('auth.signUpTitle')} onClose={onClose} testId="sign-in-window">
      {!domainAuthorized && (
        <ErrorMessage>{t('auth.errors.unauthorizedDomain', { host: window.location.hostname })}</ErrorMessage>
      )}
      <div role="tablist" aria-label={t('auth.chooseMode')} className="tabs">
        <button
          type="button"
          role="tab"
          id={ids.tabIn}
          aria-selected={mode === 'signIn'}
          aria-controls={ids.panel}
          tabIndex={mode === 'signIn' ? 0 : -1}
          className="tabs__tab"
          onClick={() => setMode('signIn')}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              setMode('signUp');
              document.getElementById(ids.tabUp)?.focus();
            }
          }}
        >
          {t('auth.signIn')}
        </button>
        <button
          type="button"
          role="tab"
          id={ids.tabUp}
          aria-selected={mode === 'signUp'}
          aria-controls={ids.panel}
          tabIndex={mode === 'signUp' ? 0 : -1}
          className="tabs__tab"
          onClick={() => setMode('signUp')}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              setMode('signIn');
              document.getElementById(ids.tabIn)?.focus();
            }
          }}
        >
          {t('auth.signUp')}
        </button>
      </div>
      <form id={ids.panel} role="tabpanel" aria-labelledby={mode === 'signIn' ? ids.tabIn : ids.tabUp} className="form" noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <p className="muted form__intro">{mode === 'signIn' ? t('auth.signInIntro') : t('auth.signUpIntro')}</p>
        {mode === 'signUp' && field('name', t('auth.name'), 'text', 'nickname', t('auth.nameHint'))}
        {field('email', t('auth.email'), 'email', 'email')}
        {field('password', t('auth.password'), 'password', mode === 'signIn' ? 'current-password' : 'new-password', mode === 'signUp' ? t('auth.passwordHint', { min: minLength }) : undefined)}
        {mode === 'signIn' && (
          <p className="form__forgot">
            <button type="button" className="link-button" onClick={() => setMode('reset')} data-testid="forgot-password">
              {t('auth.reset.forgot')}
            </button>
          </p>
        )}
        {formError && <ErrorMessage>{formError}</ErrorMessage>}
        <button type="submit" className="button button--primary form__submit" disabled={pending || !domainAuthorized}>
          {pending && <span className="spinner spinner--small" aria-hidden="true" />}
          {mode === 'signIn' ? t('auth.signIn') : t('auth.signUp')}
        </button>
        <p className="form__switch muted">
          {mode === 'signIn' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
          <button type="button" className="link-button" onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}>
            {mode === 'signIn' ? t('auth.switchToSignUp') : t('auth.switchToSignIn')}
          </button>
        </p>
      </form>
    </ModalWindow>
  );
}

/** The server names nested fields with dots ("body.email"); the form knows three. */
function fieldOf(field: string | undefined): Field | null {
  const last = field?.split('.').at(-1);
  return last === 'name' || last === 'email' || last === 'password' ? last : null;
}
