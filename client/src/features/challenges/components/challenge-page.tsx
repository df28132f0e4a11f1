import './challenges.css';
import type { ChallengeDetail, ChallengeProgress } from '@globetrail/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useWindowActions } from '../../../lib/layout/windows';
import { useMapName } from '../../../lib/maps/map-names';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { useChallenge, useChallengeProgress } from '../hooks/challenge-queries';
import { useChallengeTitle } from '../hooks/use-challenge-title';
import { ChallengeChips } from './challenge-chips';
import { ChallengeComments } from './challenge-comments';
import { ChallengePlay } from './challenge-play';
import { ShareLink } from './share-link';
import { useStartGhostDuel } from '../../ghosts/hooks/use-ghost-duel';

/** Route challenge/{challengeId} (SPEC §2): the overview — settings, map, your rounds, results, comments — and play. */
export function ChallengePage({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const signedIn = isSignedIn(useSession());
  const challenge = useChallenge(challengeId);
  const progress = useChallengeProgress(challengeId, signedIn && challenge.isSuccess);
  const titleOf = useChallengeTitle();
  const [playing, setPlaying] = useState(false);
  usePageTitle(challenge.data ? titleOf(challenge.data) : t('challenges.page.title'));

  if (challenge.isPending || (signedIn && challenge.isSuccess && progress.isPending)) return <LoadingScreen overlay label={t('challenges.loading')} />;
  if (challenge.isError) {
    const gone = isApiRequestError(challenge.error) && challenge.error.status === 404;
    return (
      <div className="center-card challenge-page__missing" role="alert">
        <h1>{gone ? t('challenges.page.notFound') : t('challenges.page.title')}</h1>
        {gone ? <p className="muted">{t('challenges.page.notFoundHint')}</p> : <ErrorMessage onRetry={() => void challenge.refetch()}>{errorMessage(challenge.error)}</ErrorMessage>}
        <Link className="button" to="/">
          {t('mapPage.home')}
        </Link>
      </div>
    );
  }
  if (progress.isError) return <ErrorMessage onRetry={() => void progress.refetch()}>{errorMessage(progress.error)}</ErrorMessage>;
  if (playing && progress.data) {
    return (
      <ChallengePlay
        challenge={challenge.data}
        progress={progress.data}
        onExit={() => {
          setPlaying(false);
          void challenge.refetch();
          void progress.refetch();
        }}
      />
    );
  }
  return <Overview challenge={challenge.data} progress={progress.data ?? null} onPlay={() => setPlaying(true)} />;
}

function Overview({ challenge, progress, onPlay }: { challenge: ChallengeDetail; progress: ChallengeProgress | null; onPlay: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  const titleOf = useChallengeTitle();
  const nameOf = useMapName();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const played = progress?.spr.length ?? 0;
  const finished = played >= challenge.nr;
  const now = Date.now() / 1000;
  const notYet = challenge.sd !== null && now < challenge.sd;
  const over = challenge.ed !== null && now >= challenge.ed;
  const total = progress?.spr.reduce((sum, points) => sum + points, 0) ?? 0;

  return (
    <main className="challenge-page" data-testid="challenge-page">
      <section className="challenge-page__panel" aria-labelledby="challenge-title">
        <p className="muted challenge-page__kicker">{challenge.daily ? t('challenges.page.daily') : t('challenges.page.custom')}</p>
        <h1 id="challenge-title">{titleOf(challenge)}</h1>
        {!challenge.daily && (
          <p>
            {t('mapPage.madeBy')}{' '}
            <button type="button" className="link-button" onClick={() => open({ kind: 'publicProfile', userId: challenge.aid })}>
              {challenge.an}
            </button>
          </p>
        )}
        {challenge.d && <p className="challenge-page__description">{challenge.d}</p>}
        <p>
          {t('challenges.onMap', { map: nameOf({ mapId: challenge.mid, mapName: challenge.mn }) })}{' '}
          <Link to={`/map/${encodeURIComponent(challenge.mid)}`}>{t('challenges.page.aboutMap')}</Link>
        </p>
        <ChallengeChips challenge={challenge} />
        {challenge.bl && <p className="muted">{t('challenges.page.blinkHint', { time: format.seconds(challenge.rl * 1000) })}</p>}
        <dl className="challenge-page__figures">
          <div>
            <dt>{t('challenges.page.players')}</dt>
            <dd>{format.count(challenge.players)}</dd>
          </div>
          <div>
            <dt>{t('challenges.page.completions')}</dt>
            <dd>{format.count(challenge.completions)}</dd>
          </div>
          <div>
            <dt>{t('challenges.page.rating')}</dt>
            <dd data-testid="challenge-rating">{challenge.rating === null ? '—' : t('challenges.page.ratingValue', { rating: format.decimal(challenge.rating), count: challenge.ratings })}</dd>
          </div>
        </dl>
        {(challenge.sd !== null || challenge.ed !== null) && (
          <p className="muted">
            {challenge.sd !== null && t('challenges.page.starts', { date: format.unixDateTime(challenge.sd) })}{' '}
            {challenge.ed !== null && t('challenges.page.ends', { date: format.unixDateTime(challenge.ed) })}
          </p>
        )}
        {progress && played > 0 && <RoundsPanel challenge={challenge} progress={progress} />}
        <div className="button-row challenge-page__actions">
          {signedIn ? (
            <button type="button" className="button button--primary button--large" onClick={onPlay} disabled={finished || notYet || (over && played === 0)} data-testid="challenge-play-button">
              {finished ? t('challenges.completed') : notYet ? t('challenges.page.notYet') : over ? t('challenges.page.over') : played > 0 ? t('challenges.page.continue', { round: played + 1 }) : t('challenges.page.play')}
            </button>
          ) : (
            <button type="button" className="button button--primary button--large" onClick={() => open({ kind: 'signIn', mode: 'signUp' })} data-testid="challenge-sign-up">
              {t('challenges.page.signUpToPlay')}
            </button>
          )}
          {finished && progress && !progress.ra && (
            <button type="button" className="button" onClick={() => open({ kind: 'rateChallenge', challengeId: challenge.id })}>
              {t('challenges.rate.open')}
            </button>
          )}
        </div>
        {finished && <p className="challenge-page__score" data-testid="challenge-your-total">{t('challenges.page.yourTotal', { points: format.number(total) })}</p>}
        {finished && <GhostOffer challenge={challenge} you={session?.user.uid ?? null} />}
        <ShareLink challengeId={challenge.id} />
      </section>
      <section className="challenge-page__side">
        <Results challenge={challenge} you={session?.user.uid ?? null} />
        <ChallengeComments challenge={challenge} played={played} signedIn={signedIn} />
      </section>
    </main>
  );
}

/**
 * Once you have finished a challenge (a daily's places would otherwise be learnt from the duel): its best
 * other player's ghost, their guesses replayed at the moments they made them (docs/ghost-duels.md).
 */
function GhostOffer({ challenge, you }: { challenge: ChallengeDetail; you: string | null }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const start = useStartGhostDuel();
  const best = challenge.results.find((row) => row.completed && row.userId !== you);
  if (!best) return null;
  return (
    <div className="challenge-ghost" data-testid="challenge-ghost">
      <p className="muted">{t('ghost.challengeHint')}</p>
      <button type="button" className="button" onClick={() => start.mutate({ challengeId: challenge.id, playerId: best.userId })} disabled={start.isPending} data-testid="challenge-ghost-button">
        {start.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('ghost.duel', { name: best.name })}
      </button>
      {start.isError && <ErrorMessage>{errorMessage(start.error)}</ErrorMessage>}
    </div>
  );
}

/** SPEC §2's challenge rounds panel: your score and guess in each round played. */
function RoundsPanel({ challenge, progress }: { challenge: ChallengeDetail; progress: ChallengeProgress }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <table className="challenge-rounds" data-testid="challenge-rounds">
      <caption>{t('challenges.page.yourRounds')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('game.round')}</th>
          <th scope="col">{t('result.points')}</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: challenge.nr }, (_, index) => (
          <tr key={index}>
            <th scope="row">{index + 1}</th>
            <td>{index < progress.spr.length ? (progress.glpr[index] ? format.number(progress.spr[index]!) : t('challenges.page.noGuess')) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Results({ challenge, you }: { challenge: ChallengeDetail; you: string | null }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  return (
    <section aria-labelledby="challenge-results-title" className="challenge-results">
      <h2 id="challenge-results-title">{t('challenges.page.results')}</h2>
      {challenge.results.length === 0 ? (
        <p className="muted">{t('challenges.page.noResults')}</p>
      ) : (
        <ol className="challenge-results__list" data-testid="challenge-results">
          {challenge.results.map((row) => (
            <li key={row.userId} className={row.userId === you ? 'challenge-results__you' : ''}>
              <button type="button" className="link-button" onClick={() => open({ kind: 'publicProfile', userId: row.userId })}>
                {row.name}
              </button>
              <span>{format.number(row.totalPoints)}</span>
              {!row.completed && <span className="muted">{t('challenges.playedOf', { played: row.rounds, total: challenge.nr })}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
