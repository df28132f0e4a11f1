import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMatchAudit } from '../api/arena-api';

/**
 * A HUD item during a ranked match: the fingerprint of the rounds drawn before it (docs/audit.md), which a
 * player can note and compare with the audit after the end. Asked once per match; absent until known.
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
    <div className="live-hud__item" title={t('live.sealed.title', { hash })} data-testid="sealed-plan" data-hash={hash}>
      <span className="live-hud__label">{t('live.sealed.label')}</span>
      <span className="live-hud__value sealed-plan">{`${hash.slice(0, 6)}…${hash.slice(-6)}`}</span>
    </div>
  );
}
