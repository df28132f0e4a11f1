import type { MapEntry, MapLocationInput } from '@globetrail/contracts';
import { MAP_LIMITS } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { editorReducer, emptyEditor } from '../hooks/editor-state';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useSaveMap } from '../hooks/use-save-map';
import { useSuggestedCategories } from '../hooks/use-suggested-categories';
import { CategoryFields } from './category-fields';
import { EditorHeader } from './editor-header';
import { EditorMap } from './editor-map';
import { LeaveDialog } from './leave-dialog';
import { LocationsSection } from './locations-section';
import { type EditorPlay, MapActions } from './map-actions';
import { SelectedLocation } from './selected-location';
import { useNavigate } from '../../../lib/routing/navigation';

export interface MapEditorProps {
  mapId: string;
  /** The saved map, or null for a new one (its first save creates it under `mapId`). */
  initial: { entry: MapEntry; locations: MapLocationInput[]; editable: boolean } | null;
  /** After the first save of a new map (the address then names it). */
  onCreated: (mapId: string) => void;
  play: EditorPlay;
}

/** The map editor: the map of the locations beside (or above) the panel of everything else. */
export function MapEditor({ mapId, initial, onCreated, play }: MapEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const [state, dispatch] = useReducer(editorReducer, emptyEditor, (empty) =>
    initial ? editorReducer(empty, { type: 'loaded', entry: initial.entry, locations: initial.locations, editable: initial.editable }) : empty,
  );
  const { locations, selected, saved, editable } = state;
  const isNew = saved === null;
  const suggested = useSuggestedCategories(locations, isNew && state.categories === null);

  const { dirty, saving, save, problem, attempts } = useSaveMap(mapId, state, (entry, sent) => {
    const created = state.saved === null;
    dispatch({ type: 'saved', entry, sent });
    void queryClient.invalidateQueries({ queryKey: ['maps'] });
    if (created) onCreated(mapId);
  });
  const fieldError = (field: 'name' | 'description' | 'categories' | 'locations') => (problem?.field === field && problem.entry === null ? problem.message : null);

  const { blocked, release } = useLeaveGuard(dirty, (next) => next.pathname === `/mapEditor/${encodeURIComponent(mapId)}`);
  const select = useCallback((index: number | null) => dispatch({ type: 'select', index }), []);
  useEditorKeys({
    onSave: save,
    onRemove: selected !== null && editable ? () => dispatch({ type: 'remove', index: selected }) : null,
    onDeselect: selected !== null ? () => select(null) : null,
  });

  // A refused location is selected, so the map shows which one; a refused field is brought into view.
  const problemKey = problem ? `${attempts}:${problem.field}:${problem.entry}:${problem.message}` : null;
  useEffect(() => {
    if (!problem) return;
    if (problem.entry !== null) select(problem.entry);
    const target = document.getElementById(problem.entry !== null ? 'editor-selected' : problem.field ? `${ids}-${problem.field}` : '');
    target?.scrollIntoView({ block: 'nearest' });
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.focus();
    // problemKey stands for the problem and the press of Save that found it.
  }, [problemKey]);

  const title = state.name.trim() || (isNew ? t('mapEditor.newMap') : t('mapEditor.untitled'));
  usePageTitle(`${title} · ${t('mapEditor.title')}`);
  const selectedLocation = selected === null ? null : (locations[selected] ?? null);
  const status = saving ? 'saving' : dirty ? 'unsaved' : isNew ? 'new' : 'saved';

  return (
    <main className="map-editor" data-testid="map-editor" data-map-id={mapId} data-saved={!isNew || undefined}>
      <EditorHeader title={title} status={status} canSave={dirty && !saving} onSave={save} />
      {problem && problem.field === null && problem.entry === null && (
        <ErrorMessage className="map-editor__banner" onRetry={problem.retryable ? save : undefined}>
          {problem.message}
        </ErrorMessage>
      )}
      <div className="map-editor__body">
        <section className="map-editor__map" aria-label={t('mapEditor.map.region')}>
          <EditorMap
            locations={locations}
            selected={selected}
            editable={editable}
            frame={state.frame}
            onAdd={(at) => dispatch({ type: 'add', at })}
            onSelect={select}
            onMove={(index, at) => dispatch({ type: 'move', index, at })}
          />
          <p className="map-editor__help">{editable ? t('mapEditor.map.help') : t('mapEditor.map.pictures')}</p>
        </section>
        <div className="map-editor__panel">
          <section className="editor-section" aria-labelledby={`${ids}-details`}>
            <h2 id={`${ids}-details`} className="editor-section__title">
              {t('mapEditor.details.title')}
            </h2>
            <div className={`form-field ${fieldError('name') ? 'form-field--invalid' : ''}`}>
              <label htmlFor={`${ids}-name`}>{t('mapEditor.details.name')}</label>
              <input
                id={`${ids}-name`}
                className="editor-input"
                value={state.name}
                maxLength={MAP_LIMITS.nameMax}
                autoComplete="off"
                aria-invalid={fieldError('name') ? true : undefined}
                aria-describedby={fieldError('name') ? `${ids}-name-error` : undefined}
                onChange={(event) => dispatch({ type: 'name', value: event.target.value })}
              />
              {fieldError('name') && (
                <span id={`${ids}-name-error`} className="form-field__error" role="alert">
                  {fieldError('name')}
                </span>
              )}
            </div>
            <div className={`form-field ${fieldError('description') ? 'form-field--invalid' : ''}`}>
              <label htmlFor={`${ids}-description`}>{t('mapEditor.details.description')}</label>
              <textarea
                id={`${ids}-description`}
                className="editor-input"
                rows={3}
                value={state.description}
                maxLength={MAP_LIMITS.descriptionMax}
                aria-invalid={fieldError('description') ? true : undefined}
                onChange={(event) => dispatch({ type: 'description', value: event.target.value })}
              />
              {fieldError('description') && (
                <span className="form-field__error" role="alert">
                  {fieldError('description')}
                </span>
              )}
            </div>
          </section>
          {selectedLocation && selected !== null && (
            <SelectedLocation
              mapId={mapId}
              index={selected}
              count={locations.length}
              location={selectedLocation}
              editable={editable}
              error={problem?.entry === selected ? problem.message : null}
              onChange={(location) => dispatch({ type: 'edit', index: selected, location })}
              onSelect={select}
              onRemove={() => dispatch({ type: 'remove', index: selected })}
            />
          )}
          <LocationsSection id={`${ids}-locations`} name={state.name} locations={locations} editable={editable} error={fieldError('locations')} onImport={(added, name) => dispatch({ type: 'import', locations: added, name })}
            onShow={(index) => dispatch({ type: 'select', index })}
            onRemove={(removed) => dispatch({ type: 'removeMany', locations: removed })}
          />
          <CategoryFields id={`${ids}-categories`} value={state.categories} suggested={suggested} canSuggest={isNew} error={fieldError('categories')} onChange={(value) => dispatch({ type: 'categories', value })} />
          {!isNew && (
            <MapActions
              mapId={mapId}
              name={saved.name}
              dirty={dirty}
              play={play}
              onDeleted={() => {
                release();
                navigate('/', { replace: true });
              }}
            />
          )}
        </div>
      </div>
      {blocked && <LeaveDialog onLeave={() => blocked.proceed()} onStay={() => blocked.reset()} />}
    </main>
  );
}
