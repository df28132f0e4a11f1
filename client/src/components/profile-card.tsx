import { type PublicProfileView, tierForPoints } from '@globetrail/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';
import { LevelProgress } from './level-progress';
import { StatList } from './stat-list';
import { TierBadge } from './tier-badge';

type ShownProfile = Omit<PublicProfileView, 'uid' | 'level' | 'photoUrl'> & { photoUrl?: string; currentCountryStreak?: number };

/** A player's card: avatar, name, level progress and figures; the own account adds the current streak. */
export function ProfileCard({ profile, subtitle }: { profile: ShownProfile; subtitle?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const stats = [
    { label: t('profile.points'), value: format.number(profile.points), testId: 'profile-points' },
    { label: t('profile.rank'), value: profile.rank === null ? t('profile.unranked') : format.ordinal(profile.rank), testId: 'profile-rank' },
    { label: t('profile.games'), value: format.number(profile.nGames), testId: 'profile-games' },
    { label: t('profile.bestGuess'), value: profile.bestGuessInMeters === null ? '—' : format.distance(profile.bestGuessInMeters), testId: 'profile-best-guess' },
    ...(profile.currentCountryStreak === undefined
      ? []
      : [{ label: t('profile.currentStreak'), value: format.number(profile.currentCountryStreak), testId: 'profile-current-streak' }]),
    { label: t('profile.bestStreak'), value: format.number(profile.bestCountryStreak), testId: 'profile-best-streak' },
  ];
  return (
    <div className="profile-card">
      <div className="profile-card__head">
        {profile.photoUrl ? (
          <img className="avatar" src={profile.photoUrl} alt="" width={48} height={48} />
        ) : (
          <span className="avatar" aria-hidden="true">
            {(Array.from(profile.name.trim())[0] ?? '?').toUpperCase()}
          </span>
        )}
        <div>
          <p className="profile-card__name" data-testid="profile-name">
            {profile.name} <TierBadge tier={tierForPoints(profile.points)} />
          </p>
          <p className="muted profile-card__sub">
            {subtitle}
            {subtitle ? ' · ' : null}
            {t('profile.memberSince', { date: format.date(profile.createdAt) })}
          </p>
        </div>
      </div>
      <LevelProgress points={profile.points} />
      <StatList stats={stats} />
    </div>
  );
}
