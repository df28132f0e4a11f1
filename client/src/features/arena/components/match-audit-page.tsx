import './match-audit.css';
import type { MatchAudit, MatchAuditResponse } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { usePageTitle } from '../../../lib/hooks/use-page-title';
import { useBrowserPlanHash, useMatchAudit } from '../hooks/use-match-audit';
import { MatchReplay } from './match-replay';
import { ghostPath } from '../../ghosts/api/ghosts-api';

/** Route arena/{matchId}/audit (docs/audit.md): a ranked match checked from its events, and its replay. */
export function MatchAuditPage({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useMatchAudit(matchId);
  usePageTitle(t('audit.title'));
  if (query.isPending) return <LoadingScreen overlay label={t('audit.loading')} />;
  if (query.isError) {
    const missing = isApiRequestError(query.error) && query.error.status === 404;
    return (
      <div className="center-card audit-missing" role="alert">
        <h1>{missing ? t('audit.notFound') : t('audit.title')}</h1>
        {missing ? <p className="muted">{t('audit.notFoundHint')}</p> : <ErrorMessage onRetry={() => void query.refetch()}>{errorMessage(query.error)}</ErrorMessage>}
        <Link className="button" to="/">
          {t('audit.home')}
        </Link>
      </div>
    );
  }
  return <AuditDetails response={query.data} />;
}

function AuditDetails({ response }: { response: MatchAuditResponse }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { audit, history } = response;
  const dateTime = (iso: string | null) => (iso ? new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—');
  const failed = audit.findings.filter((finding) => !finding.ok);
  return (
    <main className="audit-page" data-testid="audit-page">
      <header className="audit-card">
        <p className="muted audit-page__kicker">{t('audit.kicker')}</p>
        <h1>{t('audit.title')}</h1>
        <p className={`audit-verdict audit-verdict--${audit.verdict}`} role="status" data-testid="audit-verdict">
          {audit.verdict === 'fair' ? t('audit.fair') : audit.verdict === 'tampered' ? t('audit.tampered', { count: failed.length }) : t('audit.inProgress')}
        </p>
        <p className="muted">{t('audit.explain')}</p>
      </header>

      <section className="audit-card" aria-labelledby="commitment-title">
        <h2 id="commitment-title">{t('audit.commitment')}</h2>
        <dl className="audit-facts">
          <div>
            <dt>{t('audit.committedAt')}</dt>
            <dd>{dateTime(audit.committedAt)}</dd>
          </div>
          <div>
            <dt>{t('audit.committedHash')}</dt>
            <dd className="audit-hash" data-testid="audit-committed-hash">
              {audit.committedHash ?? '—'}
            </dd>
          </div>
          {audit.verdict !== 'in_progress' && (
            <div>
              <dt>{t('audit.serverHash')}</dt>
              <dd className="audit-hash">{audit.recomputedHash ?? '—'}</dd>
            </div>
          )}
        </dl>
        {audit.verdict !== 'in_progress' && <BrowserCheck audit={audit} />}
      </section>

      {audit.verdict !== 'in_progress' && (
        <>
          <section className="audit-card" aria-labelledby="ghosts-title">
            <h2 id="ghosts-title">{t('ghost.title')}</h2>
            <p className="muted">{t('ghost.auditHint')}</p>
            <p className="audit-ghosts">
              {audit.players
                .filter((player) => !player.id.startsWith('ghost:'))
                .map((player) => (
                  <Link key={player.id} className="button" to={ghostPath(audit.matchId, player.id)} data-testid="duel-ghost-link">
                    {t('ghost.duel', { name: player.name })}
                  </Link>
                ))}
            </p>
          </section>
          <MatchReplay history={history} players={audit.players} />
          <RoundsTable audit={audit} />
          <section className="audit-card" aria-labelledby="findings-title">
            <h2 id="findings-title">{t('audit.findings')}</h2>
            <ul className="audit-findings" data-testid="audit-findings">
              {audit.findings.map((finding, i) => (
                <li key={i} className={finding.ok ? 'audit-findings__ok' : 'audit-findings__fail'}>
                  <span aria-hidden="true">{finding.ok ? '✓' : '✗'}</span> <strong>{finding.check}</strong>
                  <span className="visually-hidden">{finding.ok ? t('audit.ok') : t('audit.fail')}</span>
                  <span className="muted audit-findings__detail">{finding.detail}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="audit-card">
            <details>
              <summary>{t('audit.history', { count: history.length })}</summary>
              <ol className="audit-history" data-testid="audit-history">
                {history.map((event) => (
                  <li key={event.revision}>
                    <code>{event.revision}</code> {dateTime(event.recordedAt)} <strong>{event.type}</strong>
                  </li>
                ))}
              </ol>
            </details>
          </section>
        </>
      )}
      <p>
        <Link className="button" to="/">
          {t('audit.home')}
        </Link>
      </p>
    </main>
  );
}

/** The revealed plan hashed again here, with Web Crypto: it does not take the server's word for it. */
function BrowserCheck({ audit }: { audit: MatchAudit }) {
  const { t } = useTranslation();
  const hash = useBrowserPlanHash(audit);
  if (!audit.plan) return <p className="audit-browser audit-browser--fail">{t('audit.noPlan')}</p>;
  if (typeof crypto === 'undefined' || !crypto.subtle) return <p className="muted audit-browser">{t('audit.browserUnavailable')}</p>;
  if (hash.isPending) return <p className="muted audit-browser">{t('audit.browserHashing')}</p>;
  const same = hash.data === audit.committedHash;
  return (
    <p className={`audit-browser audit-browser--${same ? 'ok' : 'fail'}`} data-testid="audit-browser-check">
      {same ? t('audit.browserSame') : t('audit.browserDiffers', { hash: hash.data ?? '—' })}
    </p>
  );
}

function RoundsTable({ audit }: { audit: MatchAudit }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const point = (at: { lat: number; lng: number } | null) => (at ? `${at.lat.toFixed(4)}, ${at.lng.toFixed(4)}` : '—');
  return (
    <section className="audit-card" aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t('audit.rounds')}</h2>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <div className="audit-table-wrap" tabIndex={0} role="region" aria-labelledby="rounds-title">
        <table className="audit-table" data-testid="audit-rounds">
          <thead>
            <tr>
              <th scope="col">{t('audit.round')}</th>
              <th scope="col">{t('audit.target')}</th>
              {audit.players.map((player) => (
                <th scope="col" key={player.id}>
                  {player.name}
                </th>
              ))}
              <th scope="col">{t('audit.damage')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.rounds.map((round) => (
              <tr key={round.index}>
                <th scope="row">{round.index + 1}</th>
                <td>
                  {point(round.target)}
                  {round.plannedTarget && round.target && (round.plannedTarget.lat !== round.target.lat || round.plannedTarget.lng !== round.target.lng) && (
                    <span className="audit-mismatch"> ({t('audit.planned', { at: point(round.plannedTarget) })})</span>
                  )}
                </td>
                {audit.players.map((player) => {
                  const guess = round.guesses.find((g) => g.playerId === player.id);
                  const differs = guess && guess.recomputedPoints !== null && guess.recomputedPoints !== guess.points;
                  return (
                    <td key={player.id} className={differs ? 'audit-mismatch' : undefined}>
                      {guess ? t('audit.guessCell', { points: format.number(guess.points), distance: guess.distance === null ? '—' : format.distance(guess.distance) }) : '—'}
                      {differs && <span> ({t('audit.recomputed', { points: format.number(guess.recomputedPoints!) })})</span>}
                    </td>
                  );
                })}
                <td>{round.damage ? t('audit.damageCell', { amount: format.number(round.damage.amount), names: audit.players.filter((p) => p.team === round.damage!.team).map((p) => p.name).join(', ') }) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {audit.ratingChanges?.stored && (
        <p data-testid="audit-elo">
          {t('audit.elo')}{' '}
          {Object.entries(audit.ratingChanges.stored)
            .map(([id, change]) => `${audit.players.find((p) => p.id === id)?.name ?? id} ${change.before} → ${change.after}`)
            .join(' · ')}
        </p>
      )}
    </section>
  );
}
