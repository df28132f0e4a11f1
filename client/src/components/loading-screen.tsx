import { useTranslation } from 'react-i18next';

interface LoadingScreenProps {
  label?: string;
  /** Over the current screen instead of replacing it. */
  overlay?: boolean;
}

export function LoadingScreen({ label, overlay }: LoadingScreenProps) {
  const { t } = useTranslation();
  return (
    <div className={`loading-screen ${overlay ? 'loading-screen--overlay' : ''}`} role="status" aria-live="polite" data-testid="loading-screen">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
