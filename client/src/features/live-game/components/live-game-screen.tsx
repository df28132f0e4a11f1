import './live-game.css';
import { type GameStatus } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useLiveConnected } from '../../../lib/live/use-live-connection';
import type { LiveGameState } from '../api/live-game-api';
import { useGameCommands } from '../hooks/use-game-commands';
import { useGameModel, type GameModel } from '../hooks/use-game-view';
import { useLiveGameQuery } from '../hooks/use-live-game-query';
import { useLivePresence, type Presence } from '../hooks/use-live-presence';
import { useServerNow } from '../hooks/use-server-clock';
import { FinalStandings } from './final-standings';
import { GameAbandoned } from './game-abandoned';
import { GameHud } from './game-hud';
import { GuessStatus } from './guess-status';
import { RoundCountdown } from './round-countdown';
import { RoundPlay } from './round-play';
import { RoundResults } from './round-results';
import { SideDock } from './side-dock';
import { TeamHealthPanels } from './team-health-panel';
import { WaitingRoom } from './waiting-room';

/** Statuses shown as a card over the gradient rather than over the picture or the map. */
const CARD_STATUSES: ReadonlySet<GameStatus> = new Set(['C', 'G', 'G_ED', 'G_ABON']);
/** Statuses with a running clock on screen (countdowns, round timers). */
const TICKING: ReadonlySet<GameStatus> = new Set(['SIN', 'SED', 'R_ED']);

/** A live game (route game/{id}): played when this viewer is one of its players, otherwise watched. */
export function LiveGameScreen({ gameId, watchOnly }: { gameId: string; watchOnly: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useLiveGameQuery(gameId);
  const { presence, takeSeat } = useLivePresence(gameId, watchOnly);

  if (query.isPending) return <LoadingScreen label={t('live.loading')} />;
  if (!query.data) {
    const missing = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <div className="live-message" data-testid="live-game-error">
        <div className="live-message__card">
          <h1>{missing ? t('game.notFoundTitle') : t('game.loadFailedTitle')}</h1>
          <ErrorMessage onRetry={missing ? undefined : () => void query.refetch()}>{missing ? t('live.notFound') : errorMessage(query.error)}</ErrorMessage>
          <div className="button-row">
            <Link className="button" to="/game/lobby">
              {t('live.toLobby')}
            </Link>
            <Link className="button" to="/game/arena">
              {t('live.toArena')}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return <LiveGame key={gameId} state={query.data} presence={presence} takeSeat={takeSeat} />;
}

interface LiveGameProps {
  state: LiveGameState;
  presence: Presence;
  takeSeat: () => Promise<void>;
}

function LiveGame({ state, presence, takeSeat }: LiveGameProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const model = useGameModel(state.view);
  const view = model.view;
  const commands = useGameCommands(view.id);
  const connected = useLiveConnected();
  const now = useServerNow(state, TICKING.has(view.status));
  // While entering, a joining player still holds the spectators' view: no "Spectating" flash.
  const spectator = !model.isPlayer && !presence.entering;

  const card = CARD_STATUSES.has(view.status);
  const inRoom = view.status === 'C' || view.status === 'G';
  // The host may end a round for everyone, except in ranked or lobby duels, where "host" is only whoever came first.
  const hostMayEndRound = model.isHost && view.status === 'SED' && view.origin === 'private';

  return (
    <div
      className={`live-game live-game--${view.status} ${card ? 'live-game--card' : ''} ${model.hitPoints ? 'live-game--hp' : ''}`}
      data-testid="live-game"
      data-status={view.status}
      data-role={view.viewer.role}
      data-round={view.cr}
      data-mode={view.gameT}
    >
      <div className="live-top-center">
        {spectator && (
          <p className="spectating-badge" data-testid="spectating-badge" role="status">
            <strong>{t('live.spectating')}</strong>
            <span>{t('live.spectatingDelay')}</span>
          </p>
        )}
        {!connected && (
          <p className="live-notice" role="status" data-testid="reconnecting">
            <span className="spinner spinner--small" aria-hidden="true" />
            {t('live.reconnecting')}
          </p>
        )}
        {presence.refusal !== null && spectator && inRoom && (
          <ErrorMessage className="live-notice--error">{t('live.joinRefused', { reason: errorMessage(presence.refusal) })}</ErrorMessage>
        )}
        {presence.failure !== null && <ErrorMessage className="live-notice--error">{t('live.enterFailed', { reason: errorMessage(presence.failure) })}</ErrorMessage>}
        {view.status === 'SED' && <GuessStatus model={model} />}
        {hostMayEndRound && model.round && <HostControls roundIndex={model.round.index} forceEndRound={commands.forceEndRound} />}
      </div>
      <PhaseContent model={model} now={now} commands={commands} takeSeat={takeSeat} entering={presence.entering} />
      {!inRoom && <GameHud model={model} now={now} />}
      {model.hitPoints && view.teams && !inRoom && view.status !== 'G_ABON' && <TeamHealthPanels model={model} />}
      <SideDock model={model} postChat={commands.postChat} />
    </div>
  );
}

function HostControls({ roundIndex, forceEndRound }: { roundIndex: number; forceEndRound: ReturnType<typeof useGameCommands>['forceEndRound'] }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <div className="host-controls">
      <button type="button" className="button button--small" onClick={() => forceEndRound.mutate(roundIndex)} disabled={forceEndRound.isPending} data-testid="force-end-round">
        {t('live.host.endRound')}
      </button>
      {forceEndRound.isError && (
        <span className="host-controls__error" role="alert">
          {errorMessage(forceEndRound.error)}
        </span>
      )}
    </div>
  );
}

interface PhaseProps {
  model: GameModel;
  entering: boolean;
  now: number;
  commands: ReturnType<typeof useGameCommands>;
  takeSeat: () => Promise<void>;
}

function PhaseContent({ model, now, commands, takeSeat, entering }: PhaseProps) {
  const status: GameStatus = model.view.status;
  switch (status) {
    case 'C':
    case 'G':
      return <WaitingRoom model={model} commands={commands} takeSeat={takeSeat} entering={entering} />;
    case 'SIN':
      return <RoundCountdown model={model} now={now} />;
    case 'SED':
      return <RoundPlay key={model.view.cr} model={model} now={now} commands={commands} />;
    case 'R_ED':
      return <RoundResults model={model} now={now} />;
    case 'G_ED':
      return <FinalStandings model={model} restart={commands.restart} />;
    case 'G_ABON':
      return <GameAbandoned model={model} />;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}
