import { type GuessedResult, isGuessed, type RoundResult, type SoloGameView } from '@globetrail/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { AdSlot } from '../../ads/components/ad-slot';
import { RoundOutcome } from '../../../components/round-outcome';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { useScoreSubmission } from '../hooks/use-score-submission';

interface RoundResultProps {
  game: SoloGameView;
  result: RoundResult;
  onNext: () => void;
  nextPending: boolean;
  nextError: string | null;
  /** Opens the summary of every round of this game so far. */
  onSummary: () => void;
}

export function RoundResultView({ game, result, onNext, nextPending, nextError, onSummary }: RoundResultProps) {
  const { t } = useTranslation();
  const nextButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    nextButtonRef.current?.focus({ preventScroll: true });
  }, [result.roundIndex]);

  return (
    <RoundOutcome result={result} panelRef={panelRef}>
      {isGuessed(result) ? <ScoreStatus game={game} result={result} /> : null}
      {nextError && <ErrorMessage>{nextError}</ErrorMessage>}
      <button ref={nextButtonRef} type="button" className="button button--primary round-result__next" onClick={onNext} disabled={nextPending} aria-busy={nextPending || undefined} title={t('result.nextShortcut')}>
        {nextPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('result.nextRound')}
      </button>
      <p className="round-result__endless muted">
        <span>{t('summary.endlessShort')}</span>{' '}
        <button type="button" className="link-button" onClick={onSummary} data-testid="result-summary">
          {t('summary.open')}
        </button>
      </p>
      <AdSlot placement="between-rounds" />
    </RoundOutcome>
  );
}

/** Signed in: the round's points join the player's total. Guests: a gentle invitation to sign in. */
function ScoreStatus({ game, result }: { game: SoloGameView; result: GuessedResult }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const { open } = useWindowActions();
  const submission = useScoreSubmission(game, result);

  if (!submission.ranked) {
    return (
      <p className="round-result__saved muted" data-testid="unranked-result">
        {t('result.unranked')}
      </p>
    );
  }
  if (!submission.signedIn) {
    return (
      <div className="round-result__hint" data-testid="sign-in-hint">
        <p>{t('result.signInHint')}</p>
        <button type="button" className="button button--small" onClick={() => open({ kind: 'signIn', mode: 'signUp' })}>
          {t('result.signInToSave')}
        </button>
      </div>
    );
  }
  if (submission.alreadySubmitted) {
    return <p className="round-result__saved muted">{t('result.alreadySaved')}</p>;
  }
  if (submission.status === 'pending' || submission.status === 'idle') {
    return (
      <p className="round-result__saved muted" role="status">
        {t('result.saving')}
      </p>
    );
  }
  if (submission.status === 'error') {
    return <ErrorMessage onRetry={submission.retry}>{t('result.saveFailed', { reason: errorMessage(submission.error) })}</ErrorMessage>;
  }
  const saved = submission.saved;
  if (!saved) return null;
  return (
    <p className="round-result__saved" role="status" data-testid="result-total">
      <span>{t('result.newTotal', { points: format.number(saved.total) })}</span>
      {saved.rank !== null && (
        <span className="round-result__rank" data-testid="result-rank">
          {t('result.rankPlace', { rank: format.ordinal(saved.rank) })}
        </span>
      )}
    </p>
  );
}
