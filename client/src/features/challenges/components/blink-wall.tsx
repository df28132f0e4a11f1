import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

/**
 * SPEC §2/§4's blink-mode wall: before each Blink round the picture is hidden until the player presses
 * Start; the round's time (and the server's clock) starts then, and the picture shows for `seconds`.
 */
export function BlinkWall({ seconds, roundNumber, total, pending, onStart }: { seconds: number; roundNumber: number; total: number; pending: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="blink-wall" role="dialog" aria-modal="true" aria-labelledby="blink-wall-title" data-testid="blink-wall">
      <div className="blink-wall__card">
        <p className="muted">{t('challenges.play.round', { round: roundNumber + 1, total })}</p>
        <h2 id="blink-wall-title">{t('challenges.blink.title')}</h2>
        <p>{t('challenges.blink.body', { time: format.seconds(seconds * 1000) })}</p>
        <button type="button" className="button button--primary button--large" onClick={onStart} disabled={pending} aria-busy={pending || undefined} autoFocus data-testid="blink-start">
          {t('challenges.blink.start')}
        </button>
      </div>
    </div>
  );
}
