import { useParams } from 'react-router-dom';
import { GhostPage } from '../../features/ghosts/components/ghost-page';
import { HomeBackground } from '../../features/welcome/components/home-background';

/** ghost/{gameId}[/{playerId}]: duel a finished duel's player as a ghost (docs/ghost-duels.md); a guest can play. */
export function GhostRoute() {
  const { gameId = '', playerId = null } = useParams();
  return (
    <>
      <HomeBackground />
      <GhostPage key={gameId} gameId={gameId} playerId={playerId} />
    </>
  );
}
