import './game-screen.css';
import type { LatLng } from '@globetrail/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { GoogleStreetView } from '../../../components/google-street-view';
import { GuessPanel } from '../../../components/guess-panel';
import { LoadingScreen } from '../../../components/loading-screen';
import { MapInfoHint } from '../../../components/map-info-hint';
import { RoundCountdown } from '../../../components/round-countdown';
import { TimeoutDialog } from '../../../components/timeout-dialog';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useRoundClock } from '../../../lib/rounds/use-round-clock';
import { PanoramaViewer } from '../../../components/panorama-viewer';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useActionKeys } from '../../../lib/hooks/use-action-keys';
import { ROUND_TRANSITION_MS, useMinimumDuration } from '../../../lib/hooks/use-minimum-duration';
import { dismissSnack, roundShown, showSnack } from '../../../lib/layout/snacks';
import { useOpenWindow, useWindowActions } from '../../../lib/layout/windows';
import { useMapName } from '../../../lib/maps/map-names';
import { useNavigate } from '../../../lib/routing/navigation';
import { useShowStreetName } from '../../../lib/settings/use-show-street-name';
import { getSession } from '../../../lib/session/session-store';
import { readGameCounter } from '../../../lib/storage/game-counter';
import { forgetLastGame, readLastGame } from '../../../lib/storage/last-game';
import { useNextRound, usePlaceGuess } from '../hooks/use-round-actions';
import { useSoloGame } from '../hooks/use-solo-game';
import { useMapFrame } from '../../maps/hooks/map-queries';
import { useStartSoloGame } from '../hooks/use-start-solo-game';
import { GameHeader } from './game-header';
import { RoundResultView } from './round-result';
import { playedRounds, SessionSummaryWindow } from './session-summary';

/** SPEC §2 sign-in hint: after 7 s, for guests whose game counter is 2, shown for 9 s. */
const SIGN_IN_HINT_DELAY_MS = 7_000;
const SIGN_IN_HINT_MS = 9_000;
const SIGN_IN_HINT_GAME_COUNT = 2;
const SIGN_IN_HINT_ID = 'sign-in-hint';

export function GameScreen({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const game = useSoloGame(gameId);
  const placeGuess = usePlaceGuess(gameId);
  const nextRound = useNextRound(gameId);
  const startGame = useStartSoloGame();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const navigate = useNavigate();
  // A game started from a game's screen opens at once (the started-game navigation serves only home and shared places).
  const startNewGame = (mapId?: string) =>
    startGame.mutate(mapId ? { mapId } : {}, {
      onSuccess: (started) => {
        setSummaryOpen(false);
        navigate(`/game/${encodeURIComponent(started.gameId)}`);
      },
    });
  const { open } = useWindowActions();
  const nameOf = useMapName();
  const format = useFormatters();
  const [guess, setGuess] = useState<{ roundIndex: number; at: LatLng } | null>(null);
  const frame = useMapFrame(game.data?.mapId ?? null);

  const round = game.data?.rounds.at(-1) ?? null;
  const result = round?.result ?? null;
  const currentGuess = round && guess?.roundIndex === round.roundIndex ? guess.at : null;
  const guessing = round !== null && result === null;

  const send = (at: LatLng | null) => {
    if (!round || placeGuess.isPending) return;
    placeGuess.mutate({ roundIndex: round.roundIndex, guess: at });
  };
  const submitGuess = () => {
    if (currentGuess) send(currentGuess);
  };

  // A timed round (Settings' round time): the server's clock counts down; when the time is up a placed
  // marker is sent, otherwise the ask-for-guess window runs (gat) and a round still without a guess at the
  // server's deadline ends with none. The displayed count freezes while a window is open; the deadline does not.
  const menuOpen = useOpenWindow() !== null;
  const clock = useRoundClock({ timeUp: round?.timeUp, deadline: round?.deadline, now: round?.now ?? game.data?.now }, menuOpen);
  const askForGuess = game.data?.settings?.gat ?? true;
  const [showStreetName] = useShowStreetName();
  const lastSecond = clock.phase === 'guessWindow' && clock.guessWindowMs <= 1_000;
  useEffect(() => {
    if (!guessing || placeGuess.isPending || placeGuess.isSuccess || clock.phase === 'untimed' || clock.phase === 'running') return;
    if (clock.phase === 'over') return send(null);
    if (currentGuess) return send(currentGuess);
    if (!askForGuess) send(null);
    // Acts on the clock's phase changes; the guess is read as it stands then.
  }, [clock.phase, guessing, lastSecond]);
  const goToNextRound = () => {
    if (!round || nextRound.isPending) return;
    nextRound.mutate(round.roundIndex + 1, { onSuccess: () => placeGuess.reset() });
  };

  useActionKeys(guessing && currentGuess !== null && !placeGuess.isPending, submitGuess);
  useActionKeys(result !== null && !nextRound.isPending, goToNextRound);

  // The round's result says the same inline (round-result.tsx), and on a phone the snack would sit on its
  // title: once a result shows, the snack goes, and one not shown by then is not shown at all.
  const resultShown = useRef(false);
  resultShown.current = result !== null;
  useEffect(() => {
    if (result !== null) dismissSnack(SIGN_IN_HINT_ID);
  }, [result]);

  useEffect(() => {
    const session = getSession();
    if (session && !session.user.isAnonymous) return;
    if (readGameCounter() !== SIGN_IN_HINT_GAME_COUNT) return;
    const timer = setTimeout(() => {
      if (getSession()?.user.isAnonymous === false || resultShown.current) return;
      showSnack({
        id: SIGN_IN_HINT_ID,
        message: t('snack.signInHint'),
        durationMs: SIGN_IN_HINT_MS,
        action: { label: t('snack.signInAction'), onClick: () => open({ kind: 'signIn', mode: 'signIn' }) },
      });
    }, SIGN_IN_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [gameId, open, t]);

  const showNextLoading = useMinimumDuration(nextRound.isPending, ROUND_TRANSITION_MS);
  const missing = isApiRequestError(game.error) && (game.error.status === 404 || game.error.status === 403);

  useEffect(() => {
    // "/" resumes the last game; one the server no longer knows must not be resumed again.
    const uid = getSession()?.user.uid;
    if (missing && uid && readLastGame(uid) === gameId) forgetLastGame();
  }, [missing, gameId]);

  if (game.isPending) return <LoadingScreen label={t('game.loading')} />;

  if (game.isError || !game.data || !round) {
    return (
      <div className="game-screen game-screen--message">
        <div className="game-screen__message">
          <h1>{missing ? t('game.notFoundTitle') : t('game.loadFailedTitle')}</h1>
          <ErrorMessage onRetry={missing ? undefined : () => void game.refetch()}>{missing ? t('game.notFound') : errorMessage(game.error)}</ErrorMessage>
          {startGame.isError && <ErrorMessage>{errorMessage(startGame.error)}</ErrorMessage>}
          <button type="button" className="button button--primary" disabled={startGame.isPending} onClick={() => startNewGame()}>
            {t('game.newGame')}
          </button>
        </div>
      </div>
    );
  }

  const mapName = nameOf(game.data);
  return (
    <div className="game-screen" data-testid="game-screen" data-round={round.roundIndex} data-phase={result ? 'result' : 'guessing'}>
      {round.streetView ? <GoogleStreetView panoId={round.streetView.panoId} heading={round.heading} roadLabels={showStreetName && (game.data.settings?.hsn ?? true)} onShown={roundShown} /> : <PanoramaViewer url={round.panoramaUrl} heading={round.heading} movement={round.movement} onReady={roundShown} />}
      {/* While the result shows, its own map and panel fill the screen: the header and the notes are for the round. */}
      {!result && (
        <GameHeader
          roundNumber={round.roundIndex + 1}
          totalPoints={game.data.totalPoints}
          mapName={mapName}
          onChooseMap={() => open({ kind: 'maps' })}
          onSummary={playedRounds(game.data).length > 0 ? () => setSummaryOpen(true) : null}
        />
      )}
      {!result && (
        <div className="game-screen__notes">
          {(round.streetView || !game.data.answerBlind) && (
            <p className="game-screen__unranked" role="note" data-testid="unranked-badge" title={t('game.unrankedGoogleHint')}>
              {t('game.unrankedGoogle')}
            </p>
          )}
          {game.data.settings && (game.data.settings.nm || game.data.settings.nmpz || game.data.settings.rl > 0) && (
            <p className="game-screen__rules" role="note" data-testid="solo-rules-note">
              {[
                game.data.settings.nmpz ? t('rounds.movements.none') : game.data.settings.nm ? t('rounds.movements.pan') : null,
                game.data.settings.rl > 0 ? t('rounds.perRound', { time: format.seconds(game.data.settings.rl * 1000) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          {round.fallback ? (
            <p className="game-screen__fallback" role="note" data-testid="fallback-note">
              {t('game.fallbackRound', { name: mapName })}
            </p>
          ) : (
            <MapInfoHint mapName={mapName} />
          )}
        </div>
      )}
      {guessing && clock.phase === 'running' && <RoundCountdown remainingMs={clock.remainingMs} />}
      {guessing && askForGuess && (clock.phase === 'guessWindow' || clock.phase === 'over') && (
        <TimeoutDialog remainingMs={clock.guessWindowMs} blink={false} hasGuess={currentGuess !== null} onGuess={submitGuess} />
      )}
      {guessing && (
        <GuessPanel
          guess={currentGuess}
          onPick={(at) => setGuess({ roundIndex: round.roundIndex, at })}
          onGuess={submitGuess}
          frame={round.fallback ? null : frame}
          pending={placeGuess.isPending}
          error={placeGuess.isError ? errorMessage(placeGuess.error) : null}
        />
      )}
      {result && (
        <RoundResultView
          game={game.data}
          result={result}
          onNext={goToNextRound}
          nextPending={nextRound.isPending}
          nextError={nextRound.isError ? errorMessage(nextRound.error) : null}
          onSummary={() => setSummaryOpen(true)}
        />
      )}
      {summaryOpen && (
        <SessionSummaryWindow
          game={game.data}
          onClose={() => setSummaryOpen(false)}
          newGamePending={startGame.isPending}
          newGameError={startGame.isError ? errorMessage(startGame.error) : null}
          onNewGame={() => startNewGame(game.data.mapId)}
        />
      )}
      {showNextLoading && <LoadingScreen overlay label={t('game.loadingNext')} />}
    </div>
  );
}
