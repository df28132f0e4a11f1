import { LIVE, type TeamId } from '@globetrail/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useSoundOnChange } from '../../../lib/sound/use-sound-on-change';
import { nameOf, type GameModel } from '../hooks/use-game-view';
import { useTeamLabel } from '../hooks/use-team-label';
import { AdSlot } from '../../ads/components/ad-slot';
import { ResultMap } from './result-map';

/** ROUND_ENDED: where everyone guessed, the target, points and distances, and the damage in hit-point modes. */
export function RoundResults({ model, now }: { model: GameModel; now: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const teamLabel = useTeamLabel(model);
  const panelRef = useRef<HTMLElement>(null);
  const round = model.round ?? model.lastRound;
  useSoundOnChange('round-result', round?.index);
  if (!round) return null;

  const ids = new Set([...model.players.map((player) => player.id), ...Object.keys(round.gus)]);
  const rows = [...ids]
    .map((id) => ({ id, guess: round.gus[id] ?? null, player: model.byId.get(id) ?? null, name: nameOf(model, id, t('live.anonymous')) }))
    .sort((a, b) => (b.guess?.points ?? -1) - (a.guess?.points ?? -1));
  const best = rows[0]?.guess?.points ?? null;
  const teams: TeamId[] = ['0', '1'];

  return (
    <div className="live-results" data-testid="round-results" data-round={round.index}>
      <div className="live-results__map">
        <ResultMap model={model} round={round} panelRef={panelRef} />
      </div>
      <section ref={panelRef} className="live-results__panel" aria-labelledby="live-results-title">
        <h2 id="live-results-title" className="live-results__title">
          {t('result.title', { round: round.index + 1 })}
        </h2>
        {model.hitPoints && round.teamScores && (
          <div className="live-results__sides">
            {teams.map((team) => (
              <p key={team} className={`live-results__side ${team === model.myTeam ? 'live-results__side--mine' : ''}`}>
                <span title={teamLabel(team)}>{teamLabel(team)}</span>
                <strong data-testid={`team-score-${team}`}>{format.number(round.teamScores?.[team] ?? 0)}</strong>
              </p>
            ))}
          </div>
        )}
        {round.damage && (
          <p className="live-results__damage" data-testid="round-damage" role="status">
            {round.damage.amount <= 0
              ? t('live.results.noDamage')
              : round.damage.team === model.myTeam
                ? t(model.view.gameT === 'T' ? 'live.results.damageOurTeam' : 'live.results.damageMe', {
                    amount: format.number(round.damage.amount),
                    multiplier: format.decimal(round.damage.multiplier),
                  })
                : t('live.results.damage', { team: teamLabel(round.damage.team), amount: format.number(round.damage.amount), multiplier: format.decimal(round.damage.multiplier) })}
          </p>
        )}
        <table className="live-table" data-testid="round-results-table">
          <caption className="visually-hidden">{t('live.results.caption', { round: round.index + 1 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('live.results.player')}</th>
              <th scope="col" className="numeric">
                {t('result.distance')}
              </th>
              {model.view.gameT === 'C' && (
                <th scope="col" className="numeric">
                  {t('live.results.radius')}
                </th>
              )}
              <th scope="col" className="numeric">
                {t('result.points')}
              </th>
              {!model.hitPoints && (
                <th scope="col" className="numeric">
                  {t('live.results.total')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ id, guess, player, name }) => (
              <tr key={id} className={id === model.me ? 'live-table__row--me' : ''} data-testid="result-row" data-player-id={id}>
                <th scope="row">
                  {name}
                  {id === model.me && <span className="chip chip--me">{t('live.players.you')}</span>}
                  {model.view.gameT === 'A' && best !== null && best > 0 && guess?.points === best && <span className="chip chip--best">{t('live.results.bestGuesser')}</span>}
                  {guess?.auto && <span className="chip">{t('live.results.auto')}</span>}
                </th>
                <td className="numeric" data-testid="result-row-distance">
                  {guess?.distance !== null && guess?.distance !== undefined ? format.distance(guess.distance) : t('live.results.noGuess')}
                </td>
                {model.view.gameT === 'C' && <td className="numeric">{guess && guess.r >= 0 ? format.distance(guess.r) : '—'}</td>}
                <td className="numeric" data-testid="result-row-points">
                  {format.number(guess?.points ?? 0)}
                </td>
                {!model.hitPoints && <td className="numeric">{format.number(player?.points ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted live-results__next" role="status" data-testid="next-round-in">
          {round.endedAt === null
            ? t('live.results.next')
            : t('live.results.nextIn', { seconds: Math.max(0, Math.ceil((round.endedAt + LIVE.resultDisplayMs - now) / 1000)) })}
        </p>
        <AdSlot placement="between-rounds" />
      </section>
    </div>
  );
}
