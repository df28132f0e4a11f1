import { MAP_LIMITS } from '@globetrail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useSaveGeneratedMap } from '../hooks/use-save-generated-map';

export interface PlayMapAction {
  onPlay: (mapId: string) => void;
  pending: boolean;
  /** Why the last attempt to start a game failed, ready to show. */
  error: string | null;
}

interface SaveMapFormProps {
  runId: string;
  suggestedName: string;
  play: PlayMapAction;
}

/** Names and saves a finished run as a map, then offers to play it. */
export function SaveMapForm({ runId, suggestedName, play }: SaveMapFormProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const save = useSaveGeneratedMap();
  const id = useId();
  const [name, setName] = useState(suggestedName);
  const trimmed = name.trim();
  const problem = trimmed.length === 0 ? t('generator.save.nameRequired') : trimmed.length > MAP_LIMITS.nameMax ? t('generator.save.nameTooLong', { max: MAP_LIMITS.nameMax }) : null;
  // The server names the field it refuses; a refused name is shown at the name, anything else at the button.
  const nameRefused = save.isError && isApiRequestError(save.error) && save.error.field === 'name';
  const saved = save.isSuccess ? save.data : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || save.isPending || saved) return;
    save.mutate({ runId, name: trimmed });
  };

  if (saved) {
    return (
      <section className="generator-panel__section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="generator-panel__title">
          {t('generator.save.title')}
        </h2>
        <p className="generator-saved" role="status" data-testid="generator-saved" data-map-id={saved.mapId}>
          <span aria-hidden="true">✓ </span>
          {t('generator.save.saved', { name: saved.mapName, count: saved.loc, value: format.number(saved.loc) })}
        </p>
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => play.onPlay(saved.mapId)}
          disabled={play.pending}
          aria-busy={play.pending || undefined}
          data-testid="generator-play"
        >
          {play.pending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('generator.save.play')}
        </button>
        {play.error && <ErrorMessage onRetry={() => play.onPlay(saved.mapId)}>{play.error}</ErrorMessage>}
      </section>
    );
  }

  const fieldError = nameRefused ? errorMessage(save.error) : null;
  return (
    <form className="generator-panel__section form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="generator-panel__title">
        {t('generator.save.title')}
      </h2>
      <div className={`form-field ${fieldError ? 'form-field--invalid' : ''}`}>
        <label htmlFor={id}>{t('generator.save.name')}</label>
        <input
          id={id}
          type="text"
          value={name}
          maxLength={MAP_LIMITS.nameMax}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (save.isError) save.reset();
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint`}
          data-testid="generator-name"
        />
        <span id={`${id}-hint`} className={fieldError ? 'form-field__error' : 'form-field__hint'}>
          {fieldError ?? `${t('generator.save.nameHint', { max: MAP_LIMITS.nameMax })} · ${t('generator.save.nameCount', { length: trimmed.length, max: MAP_LIMITS.nameMax })}`}
        </span>
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={problem !== null || save.isPending}
        aria-busy={save.isPending || undefined}
        aria-describedby={problem ? `${id}-reason` : undefined}
        data-testid="generator-save"
      >
        {save.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('generator.save.submit')}
      </button>
      {problem && (
        <p id={`${id}-reason`} className="generator-panel__reason">
          {problem}
        </p>
      )}
      {save.isError && !nameRefused && <ErrorMessage>{errorMessage(save.error)}</ErrorMessage>}
    </form>
  );
}
