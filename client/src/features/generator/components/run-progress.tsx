import type { GeneratorRunView } from '@globetrail/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useFormatters } from '../../../lib/format/use-formatters';

interface RunProgressProps {
  view: GeneratorRunView;
  /** The last progress read failed (the figures shown are the last known). */
  pollError: string | null;
  onRetryPoll: () => void;
}

/** Announced in steps of a quarter: a screen reader hears the run advance, not every half-second reading. */
const ANNOUNCE_STEPS = 4;

export function RunProgress({ view, pollError, onRetryPoll }: RunProgressProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const titleId = useId();
  const { status, tried, found, limit } = view;
  const share = limit > 0 ? Math.min(1, found / limit) : 0;
  const step = Math.max(1, Math.ceil(limit / ANNOUNCE_STEPS));
  const announcedFound = status === 'running' ? Math.floor(found / step) * step : found;
  const statusText = status === 'failed' && view.error ? t('generator.progress.failedReason', { reason: view.error }) : t(`generator.progress.status.${status}`);

  return (
    <section className="generator-panel__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="generator-panel__title">
        {t('generator.progress.title')}
      </h2>
      <div
        className={`generator-progress generator-progress--${status}`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="generator-progress"
        data-status={status}
        data-tried={tried}
        data-found={found}
      >
        {/* Every reading, for the eye; the sentence at the end is what assistive technology announces. */}
        <p className="generator-progress__status" aria-hidden="true">
          {status === 'running' && <span className="spinner spinner--small" aria-hidden="true" />}
          {statusText}
        </p>
        <p className="generator-progress__figures" aria-hidden="true">
          <span>{t('generator.progress.tried', { count: tried, value: format.number(tried) })}</span>
          <span>{t('generator.progress.found', { found: format.number(found), limit: format.number(limit) })}</span>
          <span>{t('generator.progress.rate', { value: format.decimal(view.ratePerSecond) })}</span>
          <span>{t('generator.progress.elapsed', { value: format.seconds(view.elapsedMs) })}</span>
        </p>
        <span className="visually-hidden">
          {t('generator.progress.announce', { status: statusText, found: format.number(announcedFound), limit: format.number(limit) })}
        </span>
      </div>
      <div
        className="generator-progress__bar"
        role="progressbar"
        aria-label={t('generator.progress.bar')}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={found}
        aria-valuetext={t('generator.progress.found', { found: format.number(found), limit: format.number(limit) })}
      >
        <div className="generator-progress__fill" style={{ width: `${share * 100}%` }} />
      </div>
      {pollError && (
        <ErrorMessage onRetry={onRetryPoll}>{t('generator.progress.pollFailed', { reason: pollError })}</ErrorMessage>
      )}
    </section>
  );
}
