import './map-editor.css';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { isFinalAnswer, useEditedMap } from '../hooks/use-edited-map';
import type { EditorPlay } from './map-actions';
import { MapEditor } from './map-editor';

interface MapEditorPageProps {
  mapId: string;
  /** A new map: nothing to load, the first save creates it under `mapId`. */
  isNew: boolean;
  /** After the first save of a new map (the address then names it). */
  onCreated: (mapId: string) => void;
  play: EditorPlay;
}

/** Route mapEditor/{key} (SPEC §2): signed-in players make maps and change their own. */
export function MapEditorPage(props: MapEditorPageProps) {
  const { t } = useTranslation();
  const session = useSession();
  // A new map stays the same editor once its first save gives it an address.
  const [startedNew] = useState(props.isNew);
  if (session === null) return <LoadingScreen overlay />;
  if (!isSignedIn(session)) return <SignInGate />;
  if (startedNew) return <MapEditor mapId={props.mapId} initial={null} onCreated={props.onCreated} play={props.play} />;
  return <SavedMapEditor {...props} uid={session.user.uid} loadingLabel={t('mapEditor.loading')} />;
}

function SavedMapEditor({ mapId, uid, onCreated, play, loadingLabel }: MapEditorPageProps & { uid: string; loadingLabel: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const edited = useEditedMap(mapId, uid);
  if (edited.isPending) return <LoadingScreen overlay label={loadingLabel} />;
  if (edited.isError) {
    const error = edited.error;
    const code = isApiRequestError(error) ? error.code : null;
    const reason = code === 'map_deleted' ? 'deleted' : isApiRequestError(error) && error.status === 404 ? 'notFound' : code === 'locations_private' ? 'notYours' : null;
    if (reason) return <EditorNotice reason={reason} />;
    return (
      <EditorCard title={t('mapEditor.title')}>
        <ErrorMessage onRetry={isFinalAnswer(error) ? undefined : () => void edited.refetch()}>{t('mapEditor.loadFailed', { reason: errorMessage(error) })}</ErrorMessage>
      </EditorCard>
    );
  }
  if (!edited.data.mine) return <EditorNotice reason="notYours" mapId={mapId} />;
  const { entry, locations } = edited.data;
  return <MapEditor mapId={mapId} initial={{ entry, locations: locations.locations, editable: locations.editable }} onCreated={onCreated} play={play} />;
}

/** Guests play, but a map needs an author with an account (SPEC §6: map writes are for signed-in players). */
function SignInGate() {
  const { t } = useTranslation();
  const { open } = useWindowActions();
  return (
    <EditorCard title={t('mapEditor.title')}>
      <p>{t('mapEditor.gate.anonymous')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => open({ kind: 'signIn', mode: 'signIn' })} data-autofocus>
          {t('mapEditor.gate.signIn')}
        </button>
        <Link className="button" to="/">
          {t('mapEditor.home')}
        </Link>
      </div>
    </EditorCard>
  );
}

function EditorNotice({ reason, mapId }: { reason: 'deleted' | 'notFound' | 'notYours'; mapId?: string }) {
  const { t } = useTranslation();
  return (
    <EditorCard title={t(`mapEditor.gate.${reason}`)}>
      <p className="muted">{t(`mapEditor.gate.${reason}Hint`)}</p>
      <div className="button-row">
        {mapId && (
          <Link className="button button--primary" to={`/map/${encodeURIComponent(mapId)}`}>
            {t('mapEditor.gate.openPage')}
          </Link>
        )}
        <Link className="button" to="/mapEditor/new">
          {t('mapEditor.gate.newMap')}
        </Link>
        <Link className="button" to="/">
          {t('mapEditor.home')}
        </Link>
      </div>
    </EditorCard>
  );
}

function EditorCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main className="map-editor map-editor--gate">
      <section className="center-card editor-gate" role="alert" aria-labelledby="editor-gate-title" data-testid="editor-gate">
        <h1 id="editor-gate-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
