import './challenges.css';
import { type ChallengeSort, challengeSortValues } from '@globetrail/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { Pager } from '../../../components/pager';
import { TabList } from '../../../components/tab-list';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { type ChallengesTab, challengesTabs, useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { markDailySeen } from '../../../lib/storage/daily-dates';
import { CHALLENGES_PAGE_SIZE } from '../api/challenges-api';
import { useChallengeList } from '../hooks/challenge-queries';
import { useDailyChallenges } from '../hooks/use-daily-challenges';
import { ChallengeCard } from './challenge-card';

/** SPEC §2's challenges list: today's four dailies, the public challenges, the ones you made. */
export function ChallengesWindow({ initialTab = 'daily', onClose }: { initialTab?: ChallengesTab | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const signedIn = isSignedIn(useSession());
  const { open } = useWindowActions();
  const tabs: readonly ChallengesTab[] = signedIn ? challengesTabs : challengesTabs.filter((tab) => tab !== 'mine');
  const [tab, setTab] = useState<ChallengesTab>(tabs.includes(initialTab) ? initialTab : 'daily');
  return (
    <ModalWindow title={t('challenges.title')} onClose={onClose} variant="wide" testId="challenges-window">
      <div className="challenges-window__top">
        <TabList tabs={tabs} current={tab} onChange={setTab} labelOf={(value) => t(`challenges.tab.${value}`)} label={t('challenges.tabsLabel')} panelId={panelId} />
        <button type="button" className="button button--primary" onClick={() => open(signedIn ? { kind: 'createChallenge' } : { kind: 'signIn', mode: 'signUp' })} data-testid="create-challenge">
          {t('challenges.create')}
        </button>
      </div>
      {!signedIn && <p className="muted challenges-window__guest">{t('challenges.guestHint')}</p>}
      <div id={panelId} role="tabpanel" aria-label={t(`challenges.tab.${tab}`)} className="challenges-panel">
        {tab === 'daily' ? <DailyPanel onOpen={onClose} /> : <ListPanel key={tab} mine={tab === 'mine'} onOpen={onClose} />}
      </div>
    </ModalWindow>
  );
}

function DailyPanel({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const daily = useDailyChallenges();
  useEffect(() => {
    if (daily.isSuccess) markDailySeen();
  }, [daily.isSuccess]);
  if (daily.isPending) return <p className="muted" role="status">{t('challenges.loading')}</p>;
  if (daily.isError) return <ErrorMessage onRetry={() => void daily.refetch()}>{errorMessage(daily.error)}</ErrorMessage>;
  return (
    <>
      <p className="muted">{t('challenges.dailyHint')}</p>
      <ul className="challenge-list" data-testid="daily-challenges">
        {daily.data.challenges.map((challenge) => (
          <ChallengeCard key={challenge.id} challenge={challenge} onOpen={onOpen} />
        ))}
      </ul>
    </>
  );
}

function ListPanel({ mine, onOpen }: { mine: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const sortId = useId();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<ChallengeSort>('new');
  const list = useChallengeList(mine ? { kind: 'mine', page } : { kind: 'public', page, sort });
  return (
    <>
      {!mine && (
        <label className="maps-sort" htmlFor={sortId}>
          <span>{t('challenges.sortBy')}</span>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as ChallengeSort);
              setPage(0);
            }}
          >
            {challengeSortValues.map((value) => (
              <option key={value} value={value}>
                {t(`challenges.sort.${value}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {list.isPending && <p className="muted" role="status">{t('challenges.loading')}</p>}
      {list.isError && <ErrorMessage onRetry={() => void list.refetch()}>{errorMessage(list.error)}</ErrorMessage>}
      {list.data && list.data.challenges.length === 0 && <p className="muted">{mine ? t('challenges.emptyMine') : t('challenges.empty')}</p>}
      {list.data && (
        <>
          <ul className="challenge-list" aria-busy={list.isFetching || undefined}>
            {list.data.challenges.map((challenge) => (
              <ChallengeCard key={challenge.id} challenge={challenge} onOpen={onOpen} />
            ))}
          </ul>
          <Pager page={page} total={list.data.total} pageSize={CHALLENGES_PAGE_SIZE} onPage={setPage} label={t('challenges.pages')} />
        </>
      )}
    </>
  );
}
