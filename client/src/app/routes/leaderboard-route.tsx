import { type LeaderboardSort, leaderboardSortValues } from '@globetrail/contracts';
import { Navigate, useParams } from 'react-router-dom';
import { LeaderboardPage } from '../../features/leaderboard/components/leaderboard-page';
import { HomeBackground } from '../../features/welcome/components/home-background';

/** leaderboard/{leaderboardSortBy} (SPEC §2); an unknown sort goes to points. */
export function LeaderboardRoute() {
  const { sortBy = '' } = useParams();
  if (!(leaderboardSortValues as readonly string[]).includes(sortBy)) return <Navigate to="/leaderboard/points" replace />;
  return (
    <>
      <HomeBackground />
      <LeaderboardPage sortBy={sortBy as LeaderboardSort} />
    </>
  );
}
