import './map-editor.css';
import { MAP_LIMITS, type MapEntry, type MapLocationInput, type PostMapUpdateRequest } from '@globetrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { ModalWindow } from '../../../components/modal-window';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { deleteMap, fetchEditedMap, saveMap } from '../api/map-editor-api';
import { changesOf, editorReducer, emptyEditor } from '../hooks/editor-state';
import { CategoryFields } from './category-fields';
import { EditorMap } from './editor-map';
import { ImportExport } from './import-export';
import { SelectedLocation } from './selected-location';

export interface EditorPlay {
  onPlay: (map: { mapId: string; mapName: string }) => void;
  pending: boolean;
  error: string | null;
}

interface MapEditorPageProps {
  mapId: string;
  /** A new map: nothing to load, the first save creates it under `mapId`. */
  isNew: boolean;
  /** After the first save of a new map (the address then names it). */
  onCreated: (mapId: string) => void;
  play: EditorPlay;
}

/** Route mapEditor/{key} (SPEC §2): signed-in players make and change their maps. */
export function MapEditorPage(props: MapEditorPageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { open } = useWindowActions();
  usePageTitle(t('mapEditor.title'));
  if (!isSignedIn(session)) {
    return (
      <div className="center-card editor-gate" role="alert">
        <h1>{t('mapEditor.title')}</h1>
        <p>{t('mapEditor.signIn')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => open({ kind: 'signIn', mode: 'signIn' })}>
            {t('auth.signIn')}
          </button>
          <Link className="button" to="/">
            {t('mapPage.home')}
          </Link>
        </div>
      </div>
    );
  }
  return props.isNew ? <Editor {...props} initial={null} /> : <LoadedEditor {...props} />;
}

function LoadedEditor(props: MapEditorPageProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const loaded = useQuery({ queryKey: ['map-editor', props.mapId], queryFn: ({ signal }) => fetchEditedMap(props.mapId, signal), retry: false, staleTime: Number.POSITIVE_INFINITY });
  if (loaded.isPending) return <LoadingScreen overlay label={t('mapEditor.loading')} />;
  if (loaded.isError) {
    const error = loaded.error;
    const message = isApiRequestError(error)
      ? error.code === 'locations_private'
        ? t('mapEditor.notYours')
        : error.code === 'map_deleted'
          ? t('mapPage.deleted')
          : error.status === 404
            ? t('mapPage.notFound')
            : errorMessage(error)
      : errorMessage(error);
    const final = isApiRequestError(error) && error.status < 500;
    return (
      <div className="center-card editor-gate" role="alert">
        <h1>{t('mapEditor.title')}</h1>
        {final ? <p>{message}</p> : <ErrorMessage onRetry={() => void loaded.refetch()}>{message}</ErrorMessage>}
        <Link className="button" to="/">
          {t('mapPage.home')}
        </Link>
      </div>
    );
  }
  const [entry, { locations, editable }] = loaded.data;
  return <Editor {...props} initial={{ entry, locations, editable }} />;
}

interface EditorProps extends MapEditorPageProps {
  initial: { entry: MapEntry; locations: MapLocationInput[]; editable: boolean } | null;
}

/** Where a refused save's `field` points: a form field, or entry N of the locations. */
function placeOf(field: string | undefined): { form: 'name' | 'description' | 'categories' | 'locations' | null; entry: number | null } {
  if (!field) return { form: null, entry: null };
  const entry = /^locations\.(\d+)/.exec(field);
  if (entry) return { form: null, entry: Number(entry[1]) };
  const form = field.split('.')[0];
  return { form: form === 'name' || form === 'description' || form === 'categories' || form === 'locations' ? form : null, entry: null };
}

function Editor({ mapId, isNew, onCreated, play, initial }: EditorProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const [state, dispatch] = useReducer(editorReducer, emptyEditor, (empty) =>
    initial ? editorReducer(empty, { type: 'loaded', entry: initial.entry, locations: initial.locations, editable: initial.editable }) : empty,
  );
  const [created, setCreated] = useState(!isNew);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changes = changesOf(state);
  const count = state.locations.length;

  const save = useMutation({
    mutationFn: ({ request }: { request: PostMapUpdateRequest; version: number }) => saveMap(mapId, request),
    onSuccess: (entry, { version }) => {
      dispatch({ type: 'saved', entry, version });
      void queryClient.invalidateQueries({ queryKey: ['maps'] });
      if (!created) {
        setCreated(true);
        onCreated(mapId);
      }
    },
  });
  const refusal = save.isError && isApiRequestError(save.error) ? { ...placeOf(save.error.field), message: save.error.message } : null;
  const fieldError = (form: 'name' | 'description' | 'categories' | 'locations') => (refusal?.form === form ? refusal.message : null);

  const remove = useMutation({
    mutationFn: () => deleteMap(mapId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['maps'] });
      navigate('/', { replace: true });
    },
  });

  const submit = () => {
    if (!changes || save.isPending) return;
    const request: PostMapUpdateRequest = {
      name: state.name,
      description: state.description,
      ...(state.categories ? { categories: state.categories } : {}),
      ...(changes.locations || !created ? { locations: state.locations } : {}),
    };
    save.mutate({ request, version: state.version });
  };

  // A refused entry is selected, so the map shows which one.
  useEffect(() => {
    if (refusal?.entry !== null && refusal?.entry !== undefined) dispatch({ type: 'select', index: refusal.entry });
  }, [save.error]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        submit();
        return;
      }
      const typing = event.target instanceof HTMLElement && (event.target.closest('input, textarea, select') !== null || event.target.isContentEditable);
      if (typing) return;
      if ((event.key === 'Delete' || event.key === 'Backspace') && state.selected !== null && state.editable) {
        event.preventDefault();
        dispatch({ type: 'remove', index: state.selected });
      } else if (event.key === 'Escape' && state.selected !== null) {
        dispatch({ type: 'select', index: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Unsaved changes: the browser asks before the page goes, the app before another route opens.
  const unsaved = changes !== null && !(state.saved === null && count === 0 && state.name.trim() === '');
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [unsaved]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && !remove.isPending && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.endsWith(`/${mapId}`));

  const selected = state.selected === null ? null : (state.locations[state.selected] ?? null);
  const tooFew = count < MAP_LIMITS.minLocations;
  const tooMany = count > MAP_LIMITS.maxLocations;
  const nameMissing = state.name.trim() === '';

  return (
    <main className="map-editor" data-testid="map-editor">
      <header className="map-editor__header">
        <Link className="link-button" to="/">
          {t('mapPage.home')}
        </Link>
        <h1 className="map-editor__title">{state.name.trim() || t(created ? 'mapEditor.untitled' : 'mapEditor.newMap')}</h1>
        <p className="map-editor__status muted" role="status" data-testid="editor-status">
          {save.isPending ? t('mapEditor.saving') : changes ? t('mapEditor.unsaved') : t('mapEditor.allSaved')}
        </p>
        <button type="button" className="button button--primary" disabled={!changes || save.isPending || tooFew || tooMany || nameMissing} onClick={submit}>
          {save.isPending ? t('mapEditor.saving') : t('mapEditor.save')}
        </button>
      </header>
      <div className="map-editor__body">
        <section className="map-editor__map" aria-label={t('mapEditor.mapLabel')}>
          <EditorMap
            locations={state.locations}
            selected={state.selected}
            editable={state.editable}
            onAdd={(at) => dispatch({ type: 'add', at })}
            onSelect={(index) => dispatch({ type: 'select', index })}
            onMove={(index, at) => dispatch({ type: 'move', index, at })}
          />
          <p className="map-editor__help">{state.editable ? t('mapEditor.help') : t('mapEditor.pictureMap')}</p>
        </section>
        <aside className="map-editor__panel">
          <div className="form">
            <div className={`form-field ${fieldError('name') ? 'form-field--invalid' : ''}`}>
              <label htmlFor={`${ids}-name`}>{t('mapEditor.name')}</label>
              <input id={`${ids}-name`} value={state.name} maxLength={MAP_LIMITS.nameMax} onChange={(event) => dispatch({ type: 'name', value: event.target.value })} aria-invalid={fieldError('name') ? true : undefined} />
              {fieldError('name') && <span className="form-field__error">{fieldError('name')}</span>}
            </div>
            <div className={`form-field ${fieldError('description') ? 'form-field--invalid' : ''}`}>
              <label htmlFor={`${ids}-description`}>{t('mapEditor.description')}</label>
              <textarea id={`${ids}-description`} rows={3} value={state.description} maxLength={MAP_LIMITS.descriptionMax} onChange={(event) => dispatch({ type: 'description', value: event.target.value })} />
              {fieldError('description') && <span className="form-field__error">{fieldError('description')}</span>}
            </div>
            <CategoryFields value={state.categories} onChange={(value) => dispatch({ type: 'categories', value })} error={fieldError('categories')} />
          </div>
          <p className={`editor-count ${tooFew || tooMany ? 'editor-count--short' : ''}`} data-testid="editor-count">
            {t('mapEditor.count', { count, value: format.number(count) })} · {t('mapEditor.limits', { min: MAP_LIMITS.minLocations, max: format.number(MAP_LIMITS.maxLocations) })}
          </p>
          {fieldError('locations') && (
            <p className="form-field__error" role="alert">
              {fieldError('locations')}
            </p>
          )}
          {save.isError && (!refusal || (refusal.form === null && refusal.entry === null)) && <ErrorMessage onRetry={submit}>{errorMessage(save.error)}</ErrorMessage>}
          {selected && state.selected !== null && (
            <SelectedLocation
              key={`${state.selected}:${selected.lat}:${selected.lng}`}
              index={state.selected}
              location={selected}
              editable={state.editable}
              error={refusal?.entry === state.selected ? refusal.message : null}
              onRemove={() => dispatch({ type: 'remove', index: state.selected! })}
              onClose={() => dispatch({ type: 'select', index: null })}
            />
          )}
          <ImportExport name={state.name} locations={state.locations} editable={state.editable} onImport={(locations, name) => dispatch({ type: 'import', locations, name })} />
          {created && (
            <section className="editor-actions" aria-label={t('mapEditor.mapActions')}>
              <div className="button-row">
                <button type="button" className="button" disabled={changes !== null || play.pending} title={changes ? t('mapEditor.saveFirst') : undefined} onClick={() => play.onPlay({ mapId, mapName: state.name.trim() })}>
                  {t('mapEditor.play')}
                </button>
                <Link className="button" to={`/map/${encodeURIComponent(mapId)}`}>
                  {t('mapEditor.page')}
                </Link>
                <button type="button" className="button button--danger-outline" onClick={() => setConfirmDelete(true)}>
                  {t('mapEditor.delete')}
                </button>
              </div>
              {play.error && <ErrorMessage>{play.error}</ErrorMessage>}
            </section>
          )}
        </aside>
      </div>
      {confirmDelete && (
        <ModalWindow title={t('mapEditor.deleteTitle')} onClose={() => setConfirmDelete(false)} testId="editor-delete">
          <p>{t('mapEditor.deleteText', { name: state.name.trim() || t('mapEditor.untitled') })}</p>
          {remove.isError && <ErrorMessage>{errorMessage(remove.error)}</ErrorMessage>}
          <div className="button-row">
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('mapEditor.deleteConfirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)} data-autofocus>
              {t('common.cancel')}
            </button>
          </div>
        </ModalWindow>
      )}
      {blocker.state === 'blocked' && (
        <ModalWindow title={t('mapEditor.leaveTitle')} onClose={() => blocker.reset()} testId="editor-leave">
          <p>{t('mapEditor.leaveText')}</p>
          <div className="button-row">
            <button type="button" className="button button--danger" onClick={() => blocker.proceed()}>
              {t('mapEditor.leave')}
            </button>
            <button type="button" className="button button--primary" onClick={() => blocker.reset()} data-autofocus>
              {t('mapEditor.stay')}
            </button>
          </div>
        </ModalWindow>
      )}
    </main>
  );
}
