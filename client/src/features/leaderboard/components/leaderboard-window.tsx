import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingScreen } from '../../../components/loading-screen';
import { ModalWindow } from '../../../components/modal-window';
import { Pager } from '../../../components/pager';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { useProfile } from '../../../lib/session/profile-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { LEADERBOARD_PAGE_SIZE } from '../api/leaderboard-api';
import { useLeaderboard } from '../hooks/use-leaderboard';

export function LeaderboardWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const { open } = useWindowActions();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const myRank = useProfile().data?.rank ?? null;
  const [page, setPage] = useState(0);
  const board = useLeaderboard(page);
  const data = board.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const myPage = signedIn && myRank !== null ? Math.floor((myRank - 1) / LEADERBOARD_PAGE_SIZE) : null;

  return (
    <ModalWindow title={t('leaderboard.title')} onClose={onClose} variant="wide" testId="leaderboard-window">
      <div className="leaderboard__summary">
        <p className="muted">{t('leaderboard.byPoints')}</p>
        {signedIn && myRank !== null && (
          <p className="leaderboard__mine" data-testid="leaderboard-my-rank">
            {t('leaderboard.yourRank', { rank: format.number(myRank) })}
            {myPage !== null && myPage !== page && (
              <button type="button" className="link-button" onClick={() => setPage(myPage)}>
                {t('leaderboard.showMine')}
              </button>
            )}
          </p>
        )}
      </div>
      {board.isPending && <LoadingScreen label={t('leaderboard.loading')} />}
      {board.isError && <ErrorMessage onRetry={() => void board.refetch()}>{errorMessage(board.error)}</ErrorMessage>}
      {data && data.entries.length === 0 && <p className="empty-state">{t('leaderboard.empty')}</p>}
      {data && data.entries.length > 0 && (
        <table className="leaderboard__table" aria-busy={board.isFetching || undefined}>
          <caption className="visually-hidden">{t('leaderboard.caption', { page: page + 1, pages: pageCount })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('leaderboard.rank')}</th>
              <th scope="col">{t('leaderboard.player')}</th>
              <th scope="col">{t('leaderboard.level')}</th>
              <th scope="col" className="numeric">
                {t('leaderboard.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((entry) => {
              const mine = signedIn && entry.uid === session.user.uid;
              return (
                <tr key={entry.uid} className={mine ? 'leaderboard__row--mine' : undefined} aria-current={mine ? 'true' : undefined} data-testid={mine ? 'leaderboard-my-row' : undefined}>
                  <td>{format.number(entry.rank)}</td>
                  <td>
                    <button type="button" className="link-button" onClick={() => open({ kind: 'publicProfile', userId: entry.uid })}>
                      {entry.name}
                    </button>
                    {mine && <span className="badge">{t('leaderboard.you')}</span>}
                  </td>
                  <td>{format.number(entry.level)}</td>
                  <td className="numeric">{format.number(entry.points)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} label={t('leaderboard.pages')} />}
    </ModalWindow>
  );
}
