import { roundPlanCommitment, type MatchAudit } from '@globetrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { getMatchAudit } from '../api/arena-api';

/** While the match is on, the page asks again now and then, and shows the whole audit once it is over. */
const IN_PROGRESS_REFRESH_MS = 5_000;

export function useMatchAudit(matchId: string) {
  return useQuery({
    queryKey: ['arena', 'audit', matchId],
    queryFn: ({ signal }) => getMatchAudit(matchId, signal),
    retry: false,
    refetchInterval: (query) => (query.state.data?.audit.verdict === 'in_progress' ? IN_PROGRESS_REFRESH_MS : false),
  });
}

/**
 * The revealed plan hashed again in this browser (Web Crypto), independently of the server's own check:
 * null while it computes or when the plan is not revealed yet.
 */
export function useBrowserPlanHash(audit: MatchAudit | undefined) {
  const plan = audit?.plan ?? null;
  return useQuery({
    queryKey: ['arena', 'audit-hash', audit?.matchId, plan?.salt],
    enabled: plan !== null && typeof crypto !== 'undefined' && crypto.subtle !== undefined,
    staleTime: Infinity,
    queryFn: async () => {
      const text = roundPlanCommitment(plan!.salt, plan!.targets);
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    },
  });
}
