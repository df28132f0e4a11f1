import { levelForPoints, levelProgress } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** Level and progress towards the next one, from points (SPEC §9 level formula). */
export function LevelProgress({ points }: { points: number }) {
  const { t } = useTranslation();
  const level = levelForPoints(points);
  const progress = Math.round(levelProgress(points) * 100);
  return (
    <div className="level-progress">
      <div className="level-progress__labels">
        <span data-testid="profile-level">{t('profile.level', { level })}</span>
        <span className="muted">{t('profile.toNextLevel', { percent: progress })}</span>
      </div>
      <div className="level-progress__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('profile.levelProgress', { level: level + 1 })}>
        <div className="level-progress__fill" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
