import './arena.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { useCounters } from '../../../lib/live/use-counters';
import { useLiveConnected } from '../../../lib/live/use-live-connection';
import { useProfile } from '../../../lib/session/profile-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { useArenaQueue, type QueueState } from '../hooks/use-arena-queue';
import { useEloRank } from '../hooks/use-elo-rank';

const MAX_MIN_ELO = 4000;

/** Route game/arena: the player's rating, and the queue for a ranked duel that starts by itself. */
export function ArenaScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const uid = session?.profileCreated ? session.user.uid : null;
  const profile = useProfile();
  const rank = useEloRank(signedIn ? uid : null);
  const counters = useCounters().data;
  const connected = useLiveConnected();
  const { open } = useWindowActions();
  const queue = useArenaQueue();
  const eloId = useId();
  const [minElo, setMinElo] = useState('');
  const parsed = minElo.trim() === '' ? null : Number(minElo);
  const invalid = parsed !== null && (!Number.isInteger(parsed) || parsed < 0 || parsed > MAX_MIN_ELO);
  const state = queue.state;

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || queue.enter.isPending || state.kind !== 'idle') return;
    queue.enter.mutate(parsed);
  };

  const elo = rank.data?.elo ?? profile.data?.elo ?? null;

  return (
    <main className="room-page" data-testid="arena-screen" data-queue={state.kind} aria-labelledby="arena-title">
      <div className="room-page__card">
        <header className="room-page__header">
          <p className="room-page__eyebrow">{t('live.modes.L')}</p>
          <h1 id="arena-title" className="room-page__title">
            {t('arena.title')}
          </h1>
          <p className="muted">{t('arena.intro')}</p>
        </header>

        <dl className="arena-rating">
          <div className="arena-rating__item">
            <dt>{t('arena.yourElo')}</dt>
            <dd data-testid="arena-elo">{elo === null ? '—' : format.number(elo)}</dd>
          </div>
          <div className="arena-rating__item">
            <dt>{t('arena.rank')}</dt>
            <dd data-testid="arena-rank">
              {!signedIn ? t('arena.unrated') : rank.isPending ? '…' : rank.data ? format.ordinal(rank.data.rank) : t('arena.noRankYet')}
            </dd>
          </div>
          <div className="arena-rating__item">
            <dt>{t('arena.games')}</dt>
            <dd>{rank.data ? format.number(rank.data.games) : '—'}</dd>
          </div>
          <div className="arena-rating__item">
            <dt>{t('arena.inArena')}</dt>
            <dd data-testid="arena-players">{counters ? format.number(counters.arena) : '—'}</dd>
          </div>
        </dl>
        {rank.isError && <ErrorMessage onRetry={() => void rank.refetch()}>{errorMessage(rank.error)}</ErrorMessage>}
        {!signedIn && (
          <div className="arena-guest">
            <p>{t('arena.guestNote')}</p>
            <button type="button" className="button button--small" onClick={() => open({ kind: 'signIn', mode: 'signUp' })}>
              {t('auth.signUp')}
            </button>
          </div>
        )}

        {state.kind === 'idle' && (
          <form className="arena-find" onSubmit={find} noValidate>
            <div className={`form-field ${invalid ? 'form-field--invalid' : ''}`}>
              <label htmlFor={eloId}>{t('arena.minEloLabel')}</label>
              <input
                id={eloId}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_MIN_ELO}
                value={minElo}
                placeholder={t('lobby.minEloPlaceholder')}
                onChange={(event) => setMinElo(event.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={`${eloId}-hint`}
                data-testid="arena-min-elo"
              />
              <span id={`${eloId}-hint`} className={invalid ? 'form-field__error' : 'form-field__hint'}>
                {invalid ? t('lobby.minEloInvalid', { max: MAX_MIN_ELO }) : t('arena.minEloHint')}
              </span>
            </div>
            {queue.enter.isError && <ErrorMessage>{errorMessage(queue.enter.error)}</ErrorMessage>}
            <button
              type="submit"
              className="button button--primary button--large"
              disabled={invalid || queue.enter.isPending}
              aria-busy={queue.enter.isPending || undefined}
              data-testid="find-match"
            >
              {queue.enter.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
              {t('arena.find')}
            </button>
            {!connected && (
              <p className="muted" role="status">
                {t('live.reconnecting')}
              </p>
            )}
          </form>
        )}
        {state.kind === 'queued' && <Waiting state={state} onCancel={queue.cancel} cancelling={queue.leave.isPending} cancelError={queue.leave.isError ? errorMessage(queue.leave.error) : null} />}
        {state.kind === 'matched' && (
          <p className="arena-waiting" role="status" data-testid="arena-matched">
            <span className="spinner spinner--small" aria-hidden="true" /> {t('arena.matched')}
          </p>
        )}

        <p className="room-page__footer">
          <Link to="/game/lobby">{t('arena.toLobby')}</Link>
        </p>
      </div>
    </main>
  );
}

interface WaitingProps {
  state: Extract<QueueState, { kind: 'queued' }>;
  onCancel: () => void;
  cancelling: boolean;
  cancelError: string | null;
}

function Waiting({ state, onCancel, cancelling, cancelError }: WaitingProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, Math.floor((now - state.since) / 1000));
  return (
    <div className="arena-waiting" data-testid="arena-waiting">
      <p role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t('arena.searching')}{' '}
        <span className="arena-waiting__elapsed" data-testid="arena-elapsed">
          {`${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}`}
        </span>
      </p>
      <p className="muted">{state.mElo !== null ? t('arena.searchingMin', { elo: format.number(state.mElo) }) : t('arena.searchingAny')}</p>
      {cancelError && <ErrorMessage>{cancelError}</ErrorMessage>}
      <button type="button" className="button" onClick={onCancel} disabled={cancelling} data-testid="cancel-match">
        {t('common.cancel')}
      </button>
    </div>
  );
}
