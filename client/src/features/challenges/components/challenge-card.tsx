import type { ChallengeListEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useMapName } from '../../../lib/maps/map-names';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { useChallengeTitle } from '../hooks/use-challenge-title';
import { ChallengeChips } from './challenge-chips';

/** One challenge in a list: what it is, how it is played, how far you got; opens its page. */
export function ChallengeCard({ challenge, onOpen }: { challenge: ChallengeListEntry; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const titleOf = useChallengeTitle();
  const nameOf = useMapName();
  const signedIn = isSignedIn(useSession());
  const done = challenge.played !== null && challenge.played >= challenge.nr;
  // A daily the signed-in player has not opened yet (guests' lists say nothing of what they played).
  const fresh = challenge.daily !== null && challenge.played === null && signedIn;
  return (
    <li className="challenge-card" data-testid="challenge-card" data-challenge-id={challenge.id} data-done={done || undefined}>
      <Link to={`/challenge/${encodeURIComponent(challenge.id)}`} className="challenge-card__link" onClick={onOpen}>
        <span className="challenge-card__title">
          {titleOf(challenge)}
          {fresh && (
            <span className="challenge-card__new" data-testid="challenge-new">
              {t('challenges.new')}
            </span>
          )}
        </span>
        <span className="challenge-card__map muted">{t('challenges.onMap', { map: nameOf({ mapId: challenge.mid, mapName: challenge.mn }) })}</span>
      </Link>
      <ChallengeChips challenge={challenge} />
      <p className="challenge-card__figures muted">
        <span>{t('challenges.players', { count: challenge.players, value: format.count(challenge.players) })}</span>
        {challenge.rating !== null && <span>{t('challenges.rating', { rating: format.decimal(challenge.rating), count: challenge.ratings })}</span>}
        {challenge.played !== null && (
          <span className={done ? 'challenge-card__done' : ''} data-testid="challenge-played">
            {done ? t('challenges.completed') : t('challenges.playedOf', { played: challenge.played, total: challenge.nr })}
          </span>
        )}
      </p>
    </li>
  );
}
