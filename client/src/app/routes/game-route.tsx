import { useParams } from 'react-router-dom';
import { GameScreen } from '../../features/solo/components/game-screen';

export function GameRoute() {
  const { gameId = '' } = useParams();
  return <GameScreen key={gameId} gameId={gameId} />;
}
