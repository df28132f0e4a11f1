import type { ChallengeDetail, ChallengeProgress, ChallengeRoundView, ChallengeScoreResponse, LatLng } from '@globetrail/contracts';
import { CHALLENGE_LIMITS } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { GuessPanel } from '../../../components/guess-panel';
import { LoadingScreen } from '../../../components/loading-screen';
import { PanoramaViewer } from '../../../components/panorama-viewer';
import { RoundCountdown } from '../../../components/round-countdown';
import { RoundOutcome } from '../../../components/round-outcome';
import { AdSlot } from '../../ads/components/ad-slot';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useActionKeys } from '../../../lib/hooks/use-action-keys';
import { useOpenWindow, useWindowActions } from '../../../lib/layout/windows';
import { useRoundClock } from '../../../lib/rounds/use-round-clock';
import { storageKeys } from '../../../lib/storage/storage-keys';
import { writeJson } from '../../../lib/storage/web-storage';
import { addChallengeScore, joinChallenge, startChallengeRound } from '../api/challenges-api';
import { invalidateChallenges, useChallengeProgress } from '../hooks/challenge-queries';
import { useChallengeTitle } from '../hooks/use-challenge-title';
import { useMapFrame } from '../../maps/hooks/map-queries';
import { BlinkWall } from './blink-wall';
import { TimeoutDialog } from '../../../components/timeout-dialog';

type Phase = 'joining' | 'wall' | 'starting' | 'playing' | 'result' | 'done';

/**
 * Plays a challenge round by round (SPEC §4: rounds advance until scores equal rounds, then the
 * rate-challenge window opens unless already rated). The server times each round: the countdown shows its
 * clock; when the time is up a placed marker is sent, and otherwise the ask-for-guess dialog gives the
 * guess window (gat or Blink) before the round ends with no guess.
 */
export function ChallengePlay({ challenge, progress, onExit }: { challenge: ChallengeDetail; progress: ChallengeProgress; onExit: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const titleOf = useChallengeTitle();
  const { open } = useWindowActions();
  const menuOpen = useOpenWindow() !== null;
  const [phase, setPhase] = useState<Phase>('joining');
  const [round, setRound] = useState<ChallengeRoundView | null>(progress.current);
  const [played, setPlayed] = useState(progress.spr.length);
  const [total, setTotal] = useState(progress.spr.reduce((sum, points) => sum + points, 0));
  const [answer, setAnswer] = useState<ChallengeScoreResponse | null>(null);
  const [guess, setGuess] = useState<LatLng | null>(null);
  const [ratedBefore, setRated] = useState(progress.ra);
  // Once done, the progress is read again: rating in its window (which refreshes it) hides the Rate button.
  const after = useChallengeProgress(challenge.id, phase === 'done');
  const rated = after.data?.ra ?? ratedBefore;
  const panelRef = useRef<HTMLElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  const start = useMutation({
    mutationFn: (roundNumber: number) => startChallengeRound(challenge.id, roundNumber),
    onSuccess: (view) => {
      setRound(view);
      setGuess(null);
      setPhase('playing');
    },
  });
  const submit = useMutation({
    mutationFn: ({ roundNumber, at }: { roundNumber: number; at: LatLng | null }) => addChallengeScore(challenge.id, roundNumber, at),
    onSuccess: (response) => {
      setAnswer(response);
      setPlayed(response.chp.spr.length);
      setTotal(response.totalPoints);
      setRated(response.chp.ra);
      writeJson(storageKeys.challenge, response.ch);
      setPhase('result');
      void invalidateChallenges(queryClient);
    },
  });
  const join = useMutation({ mutationFn: () => joinChallenge(challenge.id) });

  /** The next step after joining or a result: the open round, the blink wall, the next round, or the end. */
  const proceed = (roundsDone: number, open: ChallengeRoundView | null) => {
    if (open) {
      setRound(open);
      setPhase('playing');
    } else if (roundsDone >= challenge.nr) {
      setPhase('done');
    } else if (challenge.bl) {
      setPhase('wall');
    } else {
      setPhase('starting');
      start.mutate(roundsDone);
    }
  };

  useEffect(() => {
    if (progress.joined) {
      proceed(progress.spr.length, progress.current);
      return;
    }
    join.mutate(undefined, { onSuccess: ({ chp }) => proceed(chp.spr.length, chp.current) });
    // Joining happens once, when play opens.
  }, []);

  const frame = useMapFrame(challenge.mid);
  const clock = useRoundClock({ timeUp: round?.timeUp, deadline: round?.deadline, now: round?.now }, menuOpen);
  // Blink: the picture shows for rl seconds from when it is on screen (a slow download takes none of
  // them); the server's deadline, rl + 25 s from the start, still bounds the guess.
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [blinkOver, setBlinkOver] = useState(false);
  useEffect(() => {
    setShownAt(null);
    setBlinkOver(false);
  }, [round?.roundNumber]);
  useEffect(() => {
    if (!challenge.bl || shownAt === null) return;
    const timer = window.setTimeout(() => setBlinkOver(true), Math.max(0, shownAt + challenge.rl * 1000 - Date.now()));
    return () => window.clearTimeout(timer);
  }, [shownAt]);
  const guessing = phase === 'playing' && round !== null && !submit.isPending && !submit.isSuccess;
  const send = (at: LatLng | null) => {
    if (!round || submit.isPending) return;
    submit.mutate({ roundNumber: round.roundNumber, at });
  };

  // The round's time: a marker counts when the time is up (except in Blink, where guessing starts then);
  // with no marker the guess window runs (gat, Blink), a marker placed in it is sent before the server's
  // deadline, and a round still without one then ends with no guess.
  const lastSecond = clock.phase === 'guessWindow' && clock.guessWindowMs <= 1_000;
  useEffect(() => {
    if (!guessing || clock.phase === 'untimed' || clock.phase === 'running') return;
    if (clock.phase === 'over') return send(null);
    if (guess && (!challenge.bl || lastSecond)) return send(guess);
    if (!challenge.gat && !challenge.bl) send(null);
  }, [clock.phase, guessing, lastSecond]);

  useEffect(() => {
    if (phase === 'result') nextRef.current?.focus({ preventScroll: true });
    if (phase === 'done' && !rated) open({ kind: 'rateChallenge', challengeId: challenge.id });
  }, [phase]);

  useActionKeys(guessing && guess !== null, () => send(guess));
  useActionKeys(phase === 'result', () => next());

  const next = () => {
    submit.reset();
    setAnswer(null);
    setRound(null);
    proceed(played, null);
  };

  const error = join.error ?? start.error;
  if (error) {
    return (
      <div className="challenge-play challenge-play--message" role="alert">
        <div className="center-card">
          <ErrorMessage>{errorMessage(error)}</ErrorMessage>
          <button type="button" className="button" onClick={onExit}>
            {t('challenges.play.back')}
          </button>
        </div>
      </div>
    );
  }

  const roundNumber = round?.roundNumber ?? played;
  // A picture not yet on screen when the round's seconds (and the server's grace) are gone is not asked for:
  // the server no longer serves it (a reload mid-round shows the map only).
  const tooLate = shownAt === null && clock.phase === 'guessWindow' && clock.guessWindowMs < CHALLENGE_LIMITS.blinkGuessMs - CHALLENGE_LIMITS.graceMs;
  const pictureHidden = challenge.bl && (blinkOver || clock.phase === 'over' || tooLate);
  return (
    <div className="challenge-play" data-testid="challenge-play" data-phase={phase} data-round={roundNumber}>
      {phase === 'playing' && round && !pictureHidden && (
        <PanoramaViewer url={round.panoramaUrl} heading={round.heading} movement={round.movement} onReady={() => setShownAt((at) => at ?? Date.now())} />
      )}
      {phase === 'playing' && pictureHidden && <p className="challenge-play__hidden">{t('challenges.play.pictureHidden')}</p>}
      <header className="challenge-play__header" aria-label={t('game.status')}>
        <span className="challenge-play__title">{titleOf(challenge)}</span>
        <span data-testid="challenge-round">{t('challenges.play.round', { round: Math.min(roundNumber + 1, challenge.nr), total: challenge.nr })}</span>
        <span data-testid="challenge-total">{t('challenges.play.total', { points: format.number(total) })}</span>
        <button type="button" className="button button--small" onClick={onExit}>
          {t('challenges.play.leave')}
        </button>
      </header>
      {phase === 'playing' && clock.phase === 'running' && !challenge.bl && <RoundCountdown remainingMs={clock.remainingMs} />}
      {guessing && (
        <GuessPanel
          frame={frame}
          guess={guess}
          onPick={setGuess}
          onGuess={() => send(guess)}
          pending={submit.isPending}
          error={submit.isError ? errorMessage(submit.error) : null}
        />
      )}
      {guessing && (challenge.bl ? pictureHidden : (clock.phase === 'guessWindow' || clock.phase === 'over') && challenge.gat) && (
        <TimeoutDialog remainingMs={clock.guessWindowMs} blink={challenge.bl} hasGuess={guess !== null} onGuess={() => send(guess)} />
      )}
      {phase === 'wall' && <BlinkWall seconds={challenge.rl} roundNumber={played} total={challenge.nr} pending={start.isPending} onStart={() => start.mutate(played)} />}
      {(phase === 'joining' || phase === 'starting') && <LoadingScreen overlay label={t('challenges.play.loadingRound')} />}
      {phase === 'result' && answer && (
        <RoundOutcome result={{ ...answer.result, roundIndex: answer.result.roundNumber }} panelRef={panelRef}>
          <p className="round-result__saved" data-testid="challenge-result-total">
            {t('challenges.play.total', { points: format.number(answer.totalPoints) })}
          </p>
          <button ref={nextRef} type="button" className="button button--primary round-result__next" onClick={next} data-testid="challenge-next">
            {played >= challenge.nr ? t('challenges.play.finish') : t('result.nextRound')}
          </button>
          <AdSlot placement="between-rounds" />
        </RoundOutcome>
      )}
      {submit.isPending && <LoadingScreen overlay label={t('challenges.play.scoring')} />}
      {phase === 'done' && (
        <div className="challenge-play challenge-play--message">
          <section className="center-card challenge-summary" aria-labelledby="challenge-summary-title" data-testid="challenge-summary">
            <h2 id="challenge-summary-title">{t('challenges.play.doneTitle')}</h2>
            <p className="challenge-summary__total">{t('challenges.play.total', { points: format.number(total) })}</p>
            <div className="button-row">
              {!rated && (
                <button type="button" className="button" onClick={() => open({ kind: 'rateChallenge', challengeId: challenge.id })}>
                  {t('challenges.rate.open')}
                </button>
              )}
              <button type="button" className="button button--primary" onClick={onExit} data-autofocus>
                {t('challenges.play.seeResults')}
              </button>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
