import { useTranslation } from 'react-i18next';
import { useWindowActions } from '../../../lib/layout/windows';

interface PlayerAvatarProps {
  id: string;
  name: string;
  /** Anonymous players have no public profile: their avatar is not a button. */
  anonymous: boolean;
  size?: 'small' | 'tiny';
  offline?: boolean;
}

/** A player's initial in a circle; a button that opens the public profile when there is one (SPEC §2). */
export function PlayerAvatar({ id, name, anonymous, size = 'tiny', offline }: PlayerAvatarProps) {
  const { t } = useTranslation();
  const { open } = useWindowActions();
  const shown = name.trim() || t('live.anonymous');
  const initial = (shown[0] ?? '?').toUpperCase();
  const className = `player-avatar player-avatar--${size} ${offline ? 'player-avatar--offline' : ''}`;
  return (
    <button
      type="button"
      className={className}
      disabled={anonymous}
      onClick={() => open({ kind: 'publicProfile', userId: id })}
      aria-label={anonymous ? t('live.noProfile', { name: shown }) : t('live.openProfile', { name: shown })}
      title={anonymous ? t('live.noProfile', { name: shown }) : shown}
      data-testid="player-avatar"
      data-player-id={id}
    >
      <span aria-hidden="true">{initial}</span>
    </button>
  );
}
