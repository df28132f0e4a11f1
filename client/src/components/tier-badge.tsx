import './tier-badge.css';
import type { Tier } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** SPEC §1's ranking tier (Bronze → Diamond) as a small badge; the level it starts at is in its tooltip. */
export function TierBadge({ tier, compact = false }: { tier: Tier; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`tier-badge tier-badge--${tier} ${compact ? 'tier-badge--compact' : ''}`} title={t(`tiers.hint.${tier}`)} data-testid="tier-badge" data-tier={tier}>
      <span aria-hidden="true" className="tier-badge__gem" />
      <span className={compact ? 'visually-hidden' : undefined}>{t(`tiers.name.${tier}`)}</span>
    </span>
  );
}
