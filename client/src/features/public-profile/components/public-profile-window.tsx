import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { ModalWindow } from '../../../components/modal-window';
import { ProfileCard } from '../../../components/profile-card';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { getPublicProfile } from '../api/public-profile-api';
import { PlayerStats } from '../../../components/player-stats';
import { RecentDuels } from '../../ghosts/components/recent-duels';

/** Another player's public profile (route user/{userId}, or a name in the leaderboard). */
export function PublicProfileWindow({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const profile = useQuery({
    queryKey: ['public-profile', userId],
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
  });
  const missing = isApiRequestError(profile.error) && profile.error.status === 404;
  const data = profile.data;

  return (
    <ModalWindow title={t('publicProfile.title')} onClose={onClose} testId="public-profile-window">
      {profile.isPending && <LoadingScreen label={t('publicProfile.loading')} />}
      {missing && (
        <p className="empty-state" data-testid="no-public-profile">
          {t('publicProfile.none')}
        </p>
      )}
      {profile.isError && !missing && <ErrorMessage onRetry={() => void profile.refetch()}>{errorMessage(profile.error)}</ErrorMessage>}
      {data && <ProfileCard profile={data} />}
      {data && <PlayerStats userId={userId} />}
      {data && <RecentDuels userId={userId} name={data.name} onNavigate={onClose} />}
    </ModalWindow>
  );
}
