import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { nameOf, type GameModel } from '../hooks/use-game-view';
import { useTeamLabel } from '../hooks/use-team-label';
import { ResultMap } from './result-map';
import { ghostPath } from '../../ghosts/api/ghosts-api';
import { useStartGhostDuel } from '../../ghosts/hooks/use-ghost-duel';

interface FinalStandingsProps {
  model: GameModel;
  restart: UseMutationResult<null, Error, void>;
}

/** GAME_ENDED: places, points and hit points, the winner, arena rating changes, and what to do next. */
export function FinalStandings({ model, restart }: FinalStandingsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const teamLabel = useTeamLabel(model);
  const { view } = model;
  const again = useStartGhostDuel();
  const ghost = view.origin === 'ghost' ? (view.ghost ?? null) : null;
  const result = view.result;
  const standings = result?.standings ?? [];
  const names = (ids: readonly string[]) => ids.map((id) => nameOf(model, id, t('live.anonymous'))).join(', ');

  const sides = model.hitPoints;
  const winners = sides ? null : (standings.find((standing) => standing.place === 1)?.playerIds ?? []);
  const draw = sides ? result?.winnerTeam === null : (winners?.length ?? 0) > 1;
  const iWon = model.me !== null && (sides ? result?.winnerTeam != null && result.winnerTeam === model.myTeam : (winners ?? []).includes(model.me));
  const winnerText = draw
    ? t('live.final.draw')
    : sides
      ? result?.winnerTeam != null
        ? t('live.final.wins', { name: teamLabel(result.winnerTeam) })
        : ''
      : t('live.final.wins', { name: names(winners ?? []) });
  const headline = model.me === null || draw ? winnerText : iWon ? t('live.final.youWon') : t('live.final.youLost');
  const ratingChanges = Object.entries(result?.ratingChanges ?? {});

  return (
    <div className="live-page" data-testid="final-standings">
      <div className="live-page__card">
        <header className="live-page__header">
          <p className="live-page__eyebrow">{t('live.final.title')}</p>
          <h1 className="live-page__title" data-testid="game-winner" data-outcome={draw ? 'draw' : model.me === null ? 'watched' : iWon ? 'won' : 'lost'}>
            {headline}
          </h1>
          {model.me !== null && !draw && !iWon && winnerText && <p className="muted">{winnerText}</p>}
          {result && <p className="muted">{t(`live.final.reasons.${result.reason}` as 'live.final.reasons.rounds', { defaultValue: '' })}</p>}
        </header>

        {ratingChanges.length > 0 && (
          <section aria-labelledby="rating-changes-title">
            <h2 id="rating-changes-title" className="live-page__section-title">
              {t('live.final.ratingTitle')}
            </h2>
            <ul className="rating-changes">
              {ratingChanges.map(([id, change]) => {
                const delta = change.after - change.before;
                return (
                  <li key={id} className={`rating-change ${id === model.me ? 'rating-change--me' : ''}`} data-testid="rating-change" data-player-id={id}>
                    <span className="rating-change__name">{id === model.me ? t('live.players.you') : nameOf(model, id, t('live.anonymous'))}</span>
                    <span className="rating-change__values">
                      {t('live.final.rating', { before: format.number(change.before), after: format.number(change.after) })}
                      <strong className={delta >= 0 ? 'rating-change__delta--up' : 'rating-change__delta--down'}>
                        {' '}
                        ({delta >= 0 ? '+' : '−'}
                        {format.number(Math.abs(delta))})
                      </strong>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        {(view.origin === 'arena' || view.origin === 'ghost') && (
          <p>
            <Link to={`/arena/${encodeURIComponent(view.id)}/audit`} data-testid="audit-link">
              {t('live.final.audit')}
            </Link>
          </p>
        )}

        <table className="live-table" data-testid="standings-table">
          <caption className="visually-hidden">{t('live.final.standings')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('live.final.place')}</th>
              <th scope="col">{sides && view.gameT === 'T' ? t('live.final.team') : t('live.results.player')}</th>
              <th scope="col" className="numeric">
                {t('result.points')}
              </th>
              {sides && (
                <th scope="col" className="numeric">
                  {t('live.final.hp')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {standings.map((standing) => {
              const mine = model.me !== null && standing.playerIds.includes(model.me);
              return (
                <tr key={`${standing.place}-${standing.playerIds.join('-')}`} className={mine ? 'live-table__row--me' : ''} data-testid="standing-row" data-place={standing.place}>
                  <td>{format.ordinal(standing.place)}</td>
                  <th scope="row">
                    {standing.team !== null && view.gameT === 'T' ? `${teamLabel(standing.team)} · ${names(standing.playerIds)}` : names(standing.playerIds)}
                    {mine && <span className="chip chip--me">{t('live.players.you')}</span>}
                  </th>
                  <td className="numeric">{format.number(standing.points)}</td>
                  {sides && <td className="numeric">{standing.hp === null ? '—' : format.number(Math.max(0, standing.hp))}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>

        {model.lastRound?.loc && (
          <section aria-labelledby="last-round-title">
            <h2 id="last-round-title" className="live-page__section-title">
              {t('live.final.lastRound', { round: model.lastRound.index + 1 })}
            </h2>
            <div className="final-map" data-testid="last-round-map">
              <ResultMap model={model} round={model.lastRound} panelRef={null} />
            </div>
          </section>
        )}

        {restart.isError && <ErrorMessage>{errorMessage(restart.error)}</ErrorMessage>}
        {again.isError && <ErrorMessage>{errorMessage(again.error)}</ErrorMessage>}
        <div className="live-page__actions">
          {ghost && model.isPlayer && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => again.mutate(ghost.sourceKind === 'challenge' ? { challengeId: ghost.sourceGameId, playerId: ghost.sourcePlayerId } : { gameId: ghost.sourceGameId, playerId: ghost.sourcePlayerId })}
              disabled={again.isPending}
              data-testid="ghost-again"
            >
              {again.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
              {t('ghost.again')}
            </button>
          )}
          {ghost && (
            <Link
              className="button"
              to={ghost.sourceKind === 'challenge' ? `/challenge/${encodeURIComponent(ghost.sourceGameId)}` : ghostPath(ghost.sourceGameId, ghost.sourcePlayerId)}
              data-testid="ghost-source-link"
            >
              {ghost.sourceKind === 'challenge' ? t('ghost.recordedChallenge') : t('ghost.recorded')}
            </Link>
          )}
          {model.isHost && view.origin !== 'arena' && !ghost && (
            <button type="button" className="button button--primary" onClick={() => restart.mutate()} disabled={restart.isPending} data-testid="restart-game">
              {restart.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
              {t('live.final.restart')}
            </button>
          )}
          {!model.isHost && model.isPlayer && view.origin !== 'arena' && !ghost && <p className="muted">{t('live.final.hostMayRestart')}</p>}
          {view.origin === 'arena' ? (
            <Link className="button button--primary" to="/game/arena" data-testid="back-to-arena">
              {t('live.final.arenaAgain')}
            </Link>
          ) : (
            <Link className="button" to="/game/lobby" data-testid="back-to-lobby">
              {t('live.toLobby')}
            </Link>
          )}
          {view.origin === 'arena' && (
            <Link className="button" to="/game/lobby" data-testid="back-to-lobby">
              {t('live.toLobby')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
