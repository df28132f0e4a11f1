import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { LevelProgress } from '../../../components/level-progress';
import { LoadingScreen } from '../../../components/loading-screen';
import { ModalWindow } from '../../../components/modal-window';
import { StatList } from '../../../components/stat-list';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { getPublicProfile } from '../api/public-profile-api';

/** Another player's public profile (route user/{userId}, or a name in the leaderboard). */
export function PublicProfileWindow({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
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
      {data && (
        <div className="profile-card">
          <div className="profile-card__head">
            {data.photoUrl ? (
              <img className="avatar" src={data.photoUrl} alt="" width={48} height={48} />
            ) : (
              <span className="avatar" aria-hidden="true">
                {(data.name.trim()[0] ?? '?').toUpperCase()}
              </span>
            )}
            <div>
              <p className="profile-card__name" data-testid="profile-name">
                {data.name}
              </p>
              <p className="muted profile-card__sub">{t('profile.memberSince', { date: format.date(data.createdAt) })}</p>
            </div>
          </div>
          <LevelProgress points={data.points} />
          <StatList
            stats={[
              { label: t('profile.points'), value: format.number(data.points), testId: 'profile-points' },
              { label: t('profile.rank'), value: data.rank === null ? t('profile.unranked') : `#${format.number(data.rank)}`, testId: 'profile-rank' },
              { label: t('profile.games'), value: format.number(data.nGames), testId: 'profile-games' },
              { label: t('profile.bestGuess'), value: data.bestGuessInMeters === null ? '—' : format.distance(data.bestGuessInMeters), testId: 'profile-best-guess' },
              { label: t('profile.bestStreak'), value: format.number(data.bestCountryStreak), testId: 'profile-best-streak' },
            ]}
          />
        </div>
      )}
    </ModalWindow>
  );
}
