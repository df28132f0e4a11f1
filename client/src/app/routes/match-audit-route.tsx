import { useParams } from 'react-router-dom';
import { MatchAuditPage } from '../../features/arena/components/match-audit-page';
import { HomeBackground } from '../../features/welcome/components/home-background';

/** arena/{matchId}/audit: a ranked match's audit and replay over the home background (public). */
export function MatchAuditRoute() {
  const { matchId = '' } = useParams();
  return (
    <>
      <HomeBackground />
      <MatchAuditPage key={matchId} matchId={matchId} />
    </>
  );
}
