import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';

interface BlinkWallProps {
  seconds: number;
  onStart: () => void;
  pending: boolean;
  error: string | null;
}

/** Blink mode: the picture stays behind this wall until the player presses Start, then shows for `seconds`. */
export function BlinkWall({ seconds, onStart, pending, error }: BlinkWallProps) {
  const { t } = useTranslation();
  return (
    <div className="blink-wall" data-testid="blink-wall" role="region" aria-label={t('live.blink.label')}>
      <div className="blink-wall__card">
        <h2>{t('live.blink.title')}</h2>
        <p>{t('live.blink.text', { count: seconds })}</p>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <button type="button" className="button button--primary button--large" onClick={onStart} disabled={pending} aria-busy={pending || undefined} data-autofocus data-testid="blink-start">
          {pending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('live.blink.start')}
        </button>
      </div>
    </div>
  );
}
