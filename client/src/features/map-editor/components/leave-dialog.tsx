import { useTranslation } from 'react-i18next';
import { ModalWindow } from '../../../components/modal-window';

/** Asked when another screen would open over unsaved changes. */
export function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalWindow title={t('mapEditor.leave.title')} onClose={onStay} testId="editor-leave">
      <div className="editor-dialog">
        <p>{t('mapEditor.leave.text')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={onStay} data-autofocus>
            {t('mapEditor.leave.stay')}
          </button>
          <button type="button" className="button button--danger-outline" onClick={onLeave}>
            {t('mapEditor.leave.leave')}
          </button>
        </div>
      </div>
    </ModalWindow>
  );
}
