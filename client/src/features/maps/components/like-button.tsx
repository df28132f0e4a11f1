import type { MapEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { useMapLike } from '../hooks/use-map-like';

/**
 * Like / unlike with the count. Likes are for signed-in players (SPEC §6): anyone else is offered the
 * sign-in window instead.
 */
export function LikeButton({ map, size = 'small' }: { map: MapEntry; size?: 'small' | 'normal' }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const signedIn = isSignedIn(useSession());
  const { open } = useWindowActions();
  const like = useMapLike();
  const liked = map.liked === true;
  const label = liked ? t('maps.unlike', { name: map.mapName }) : t('maps.like', { name: map.mapName });
  return (
    <span className="like-button">
      <button
        type="button"
        className={`button ${size === 'small' ? 'button--small' : ''} like-button__button${liked ? ' like-button__button--on' : ''}`}
        aria-pressed={signedIn ? liked : undefined}
        title={signedIn ? label : t('maps.signInToLike')}
        onClick={() => (signedIn ? like.mutate({ map, liked: !liked }) : open({ kind: 'signIn', mode: 'signIn' }))}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.9 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.7 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21Z"
            fill={liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {/* The name says what the button does, then the count it shows (a name that hid the count would not match what is seen). */}
        <span className="visually-hidden">{signedIn ? label : t('maps.signInToLike')}</span>
        <span data-testid="map-likes">{format.count(map.likes)}</span>
      </button>
      {like.isError && (
        <span role="alert" className="like-button__error">
          {errorMessage(like.error)}
        </span>
      )}
    </span>
  );
}
