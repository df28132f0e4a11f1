import './modal-window.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalWindowProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra controls in the title bar, before the close button (the welcome dialog's language selector). */
  headerExtra?: ReactNode;
  variant?: 'center' | 'drawer' | 'wide';
  /** False keeps the window open on a backdrop click (it then closes only through its own controls). */
  closeOnBackdrop?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A modal window on the native <dialog>: the browser supplies the focus trap, Escape, the top layer and
 * the inert background. Escape and the close button both call onClose. Mark the control that should
 * receive focus first with `data-autofocus`.
 */
export function ModalWindow({ title, onClose, children, headerExtra, variant = 'center', closeOnBackdrop = true, className, testId }: ModalWindowProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element; a window may name a better one.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`modal-window modal-window--${variant} ${className ?? ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === dialogRef.current) onCloseRef.current();
      }}
    >
      <div className="modal-window__surface">
        <header className="modal-window__header">
          <h2 id={titleId} className="modal-window__title">
            {title}
          </h2>
          <div className="modal-window__header-extra">
            {headerExtra}
            <button type="button" className="icon-button" onClick={() => onCloseRef.current()} aria-label={t('common.close')} title={t('common.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" fill="currentColor" />
              </svg>
            </button>
          </div>
        </header>
        <div className="modal-window__body">{children}</div>
      </div>
    </dialog>
  );
}
