import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GlobeMark } from '../../../components/icons';

interface EditorHeaderProps {
  title: string;
  status: 'new' | 'unsaved' | 'saving' | 'saved';
  canSave: boolean;
  onSave: () => void;
}

/** The editor's title bar: the way back, the map's name, whether it is saved, and Save (also Ctrl/Cmd+S). */
export function EditorHeader({ title, status, canSave, onSave }: EditorHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="map-editor__header">
      <Link to="/" className="map-editor__home">
        <GlobeMark size={22} />
        <span>{t('mapEditor.home')}</span>
      </Link>
      <div className="map-editor__heading">
        <p className="map-editor__kicker">{t('mapEditor.title')}</p>
        <h1 className="map-editor__title">{title}</h1>
      </div>
      <div className="map-editor__save">
        <p className={`map-editor__status map-editor__status--${status}`} role="status" data-testid="editor-status" data-status={status}>
          {status === 'saving' && <span className="spinner spinner--small" aria-hidden="true" />}
          {t(`mapEditor.status.${status}`)}
        </p>
        <button type="button" className="button button--primary" disabled={!canSave} aria-keyshortcuts="Control+S Meta+S" onClick={onSave} data-testid="editor-save">
          {status === 'saving' ? t('mapEditor.saving') : t('mapEditor.save')}
        </button>
      </div>
    </header>
  );
}
