import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMatchAudit } from '../api/arena-api';

/**
 * During a ranked match: the fingerprint of the rounds drawn before it (docs/audit.md), which a player can
 * note and compare with the audit after the end. Asked once per match; nothing shows until it is known.
 */
export function SealedPlan({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const commitment = useQuery({
    queryKey: ['arena', 'commitment', matchId],
    queryFn: async ({ signal }) => (await getMatchAudit(matchId, signal)).audit.committedHash,
    staleTime: Infinity,
    retry: false,
  });
  const hash = commitment.data;
  if (!hash) return null;
  return (
    <p className="sealed-plan muted" data-testid="sealed-plan" title={hash}>
      {t('live.countdown.sealed', { hash: `${hash.slice(0, 8)}…${hash.slice(-8)}` })}
    </p>
  );
}
