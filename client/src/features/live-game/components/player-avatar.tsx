import { useTranslation } from 'react-i18next';
import { TierBadge } from '../../../components/tier-badge';
import { useWindowActions } from '../../../lib/layout/windows';
import { isUnknownPlayer } from '../../../lib/players/player-info';
import { usePlayerInfo } from '../../../lib/players/use-player-info';

interface PlayerAvatarProps {
  id: string;
  name: string;
  /** Anonymous players have no public profile: their avatar is not a button. */
  anonymous: boolean;
  size?: 'small' | 'tiny';
  offline?: boolean;
}

/**
 * A player's photo or initial in a circle, with the ranking tier's gem; a button that opens the public
 * profile, disabled while there is no profile data (SPEC §2): anonymous players, unknown ids, a lookup
 * still under way or failed.
 */
export function PlayerAvatar({ id, name, anonymous, size = 'tiny', offline }: PlayerAvatarProps) {
  const { t } = useTranslation();
  const { open } = useWindowActions();
  const info = usePlayerInfo(id, { name, isAnon: anonymous }).data;
  const shown = name.trim() || t('live.anonymous');
  // The first character, not the first UTF-16 unit: a name may begin with an emoji or an astral letter.
  const initial = (Array.from(shown)[0] ?? '?').toUpperCase();
  const hasProfile = !anonymous && info !== undefined && !isUnknownPlayer(info);
  const className = `player-avatar player-avatar--${size} ${offline ? 'player-avatar--offline' : ''}`;
  const label = hasProfile ? t('live.openProfile', { name: shown }) : t('live.noProfile', { name: shown });
  return (
    <button
      type="button"
      className={className}
      disabled={!hasProfile}
      onClick={() => open({ kind: 'publicProfile', userId: id })}
      aria-label={label}
      title={hasProfile ? shown : label}
      data-testid="player-avatar"
      data-player-id={id}
    >
      {info?.photoUrl ? <img className="player-avatar__photo" src={info.photoUrl} alt="" /> : <span aria-hidden="true">{initial}</span>}
      {hasProfile && info.tier && (
        <span className="player-avatar__tier">
          <TierBadge tier={info.tier} compact />
        </span>
      )}
    </button>
  );
}
