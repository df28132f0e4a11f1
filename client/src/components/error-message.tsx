import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ErrorMessageProps {
  children: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** A failure the player can read (role=alert) and, where it makes sense, try again. */
export function ErrorMessage({ children, onRetry, retryLabel, className }: ErrorMessageProps) {
  const { t } = useTranslation();
  return (
    <div className={`error-message ${className ?? ''}`} role="alert">
      <span>{children}</span>
      {onRetry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </button>
      )}
    </div>
  );
}
