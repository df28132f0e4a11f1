import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { deleteMap } from '../api/map-editor-api';

/** Starting a game on a map, as the app provides it (the editor does not reach into the single-player feature). */
export interface EditorPlay {
  onPlay: (map: { mapId: string; mapName: string }) => void;
  pending: boolean;
  error: string | null;
}

interface MapActionsProps {
  mapId: string;
  name: string;
  /** Unsaved changes: the game would play the saved map, not what is on screen. */
  dirty: boolean;
  play: EditorPlay;
  /** After the map is deleted. */
  onDeleted: () => void;
}

/** A saved map's actions: play it, open its page, delete it (after a confirmation). */
export function MapActions({ mapId, name, dirty, play, onDeleted }: MapActionsProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteMap(mapId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['maps'] });
      onDeleted();
    },
  });

  return (
    <section className="editor-section" aria-labelledby="editor-actions-title">
      <h2 id="editor-actions-title" className="editor-section__title">
        {t('mapEditor.actions.title')}
      </h2>
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={dirty || play.pending} aria-describedby={dirty ? 'editor-play-hint' : undefined} onClick={() => play.onPlay({ mapId, mapName: name })}>
          {play.pending && <span className="spinner spinner--small" aria-hidden="true" />}
          {play.pending ? t('mapEditor.actions.starting') : t('mapEditor.actions.play')}
        </button>
        <Link className="button" to={`/map/${encodeURIComponent(mapId)}`}>
          {t('mapEditor.actions.page')}
        </Link>
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          {t('mapEditor.actions.delete')}
        </button>
      </div>
      {dirty && (
        <p id="editor-play-hint" className="editor-hint">
          {t('mapEditor.actions.saveToPlay')}
        </p>
      )}
      {play.error && <ErrorMessage>{play.error}</ErrorMessage>}
      {confirming && (
        <ModalWindow title={t('mapEditor.actions.deleteTitle')} onClose={() => setConfirming(false)} testId="editor-delete">
          <div className="editor-dialog">
            <p>{t('mapEditor.actions.deleteText', { name })}</p>
            {remove.isError && <ErrorMessage onRetry={() => remove.mutate()}>{errorMessage(remove.error)}</ErrorMessage>}
            <div className="button-row">
              <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
                {t('mapEditor.actions.deleteConfirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)} data-autofocus>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        </ModalWindow>
      )}
    </section>
  );
}
