import { ARENA_ID, LOBBY_ID } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { ErrorMessage } from '../../components/error-message';
import { LoadingScreen } from '../../components/loading-screen';
import { ArenaScreen } from '../../features/arena/components/arena-screen';
import { LiveGameScreen } from '../../features/live-game/components/live-game-screen';
import { useLiveGameQuery } from '../../features/live-game/hooks/use-live-game-query';
import { LobbyScreen } from '../../features/lobby/components/lobby-screen';
import { soloGameQueryKey } from '../../features/solo/api/solo-game-api';
import { GameScreen } from '../../features/solo/components/game-screen';
import { isApiRequestError } from '../../lib/api/api-error';
import { useErrorMessage } from '../../lib/api/use-error-message';
import { useSession } from '../../lib/session/use-session';
import { readLastGame } from '../../lib/storage/last-game';

/**
 * game/{id}: the duels lobby and the arena are rooms with fixed ids; any other id is a live game or a
 * single-player game. Both kinds share the address space, so a live game that the server does not know
 * (404) is taken for a single-player game, whose screen handles "not found" itself.
 */
export function GameRoute() {
  const { gameId = '' } = useParams();
  const [search] = useSearchParams();
  if (gameId === LOBBY_ID) return <LobbyScreen />;
  if (gameId === ARENA_ID) return <ArenaScreen />;
  return <GameById key={gameId} gameId={gameId} watchOnly={search.has('watch')} />;
}

function GameById({ gameId, watchOnly }: { gameId: string; watchOnly: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  // A single-player game this tab just started, or the one this browser plays (resumed after a reload or
  // from the home page), is known already: no need to ask for a live one (a 404 in every resume).
  const session = useSession();
  const knownSolo = queryClient.getQueryData(soloGameQueryKey(gameId)) !== undefined || (session !== null && readLastGame(session.user.uid) === gameId);
  const live = useLiveGameQuery(gameId, !knownSolo);

  if (knownSolo) return <GameScreen gameId={gameId} />;
  if (live.data) return <LiveGameScreen gameId={gameId} watchOnly={watchOnly} />;
  if (live.isPending) return <LoadingScreen label={t('game.loading')} />;
  if (isApiRequestError(live.error) && live.error.status === 404) return <GameScreen gameId={gameId} />;
  return (
    <div className="center-card">
      <ErrorMessage onRetry={() => void live.refetch()}>{errorMessage(live.error)}</ErrorMessage>
    </div>
  );
}
