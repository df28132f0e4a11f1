import './maps.css';
import { type MapSort, MAP_PAGE_LIMITS, mapSortValues, normaliseSearchText } from '@globetrail/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalWindow } from '../../../components/modal-window';
import { Pager } from '../../../components/pager';
import { type MapsTab, useWindowActions } from '../../../lib/layout/windows';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { MAPS_PAGE_SIZE } from '../api/maps-api';
import { useMapPage, useWorldMaps } from '../hooks/map-queries';
import type { PlayMap } from '../hooks/play-map';
import { MapList } from './map-list';
import { MapsTabs } from './maps-tabs';
import { OfflineNote } from './offline-note';

const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §2's maps selector: the world maps, the featured (country) maps, players' maps, liked, own, search. */
export function MapsWindow({ initialTab = 'world', player, onClose }: { initialTab?: MapsTab | undefined; player: PlayMap; onClose: () => void }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [tab, setTab] = useState<MapsTab>(initialTab);
  return (
    <ModalWindow title={t('maps.title')} onClose={onClose} variant="wide" testId="maps-window">
      <MapsTabs current={tab} onChange={setTab} panelId={panelId} />
      <OfflineNote />
      {player.error && (
        <p role="alert" className="error-message">
          {player.error}
        </p>
      )}
      <div id={panelId} role="tabpanel" aria-label={t(`maps.tab.${tab}`)} className="maps-panel">
        <MapsPanel key={tab} tab={tab} player={player} onLeave={onClose} />
      </div>
    </ModalWindow>
  );
}

function MapsPanel({ tab, player, onLeave }: { tab: MapsTab; player: PlayMap; onLeave: () => void }) {
  switch (tab) {
    case 'world':
      return <WorldPanel player={player} onLeave={onLeave} />;
    case 'featured':
    case 'community':
      return <SortedPanel tab={tab} player={player} onLeave={onLeave} />;
    case 'search':
      return <SearchPanel player={player} onLeave={onLeave} />;
    case 'liked':
    case 'mine':
      return <OwnPanel tab={tab} player={player} onLeave={onLeave} />;
    default: {
      const unreachable: never = tab;
      return unreachable;
    }
  }
}

function WorldPanel({ player, onLeave }: { player: PlayMap; onLeave: () => void }) {
  const { t } = useTranslation();
  return <MapList query={useWorldMaps()} player={player} empty={t('maps.empty.world')} onLeave={onLeave} />;
}

function SortSelect({ sort, onSort }: { sort: MapSort; onSort: (sort: MapSort) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <label className="maps-sort" htmlFor={id}>
      <span>{t('maps.sortBy')}</span>
      <select id={id} value={sort} onChange={(event) => onSort(event.target.value as MapSort)}>
        {mapSortValues.map((value) => (
          <option key={value} value={value}>
            {t(`maps.sort.${value}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function SortedPanel({ tab, player, onLeave }: { tab: 'featured' | 'community'; player: PlayMap; onLeave: () => void }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<MapSort>(tab === 'featured' ? 'name' : 'likes');
  const [page, setPage] = useState(0);
  const query = useMapPage({ tab, page, sort });
  return (
    <>
      <div className="maps-toolbar">
        <SortSelect
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(0);
          }}
        />
        {query.data && <span className="muted">{t('maps.count', { count: query.data.total })}</span>}
      </div>
      <MapList query={query} player={player} empty={t(`maps.empty.${tab}`)} onLeave={onLeave} />
      {query.data && <Pager page={page} total={query.data.total} pageSize={MAPS_PAGE_SIZE} onPage={setPage} label={t('maps.pages')} />}
    </>
  );
}

function SearchPanel({ player, onLeave }: { player: PlayMap; onLeave: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<MapSort>('likes');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const searchable = normaliseSearchText(query).length >= MAP_PAGE_LIMITS.queryMin;
  const results = useMapPage(searchable ? { tab: 'search', query: query.slice(0, MAP_PAGE_LIMITS.queryMax), page, sort } : null);
  return (
    <>
      <div className="maps-toolbar">
        <div className="form-field maps-search">
          <label htmlFor={id}>{t('maps.search.label')}</label>
          <input id={id} type="search" value={text} maxLength={MAP_PAGE_LIMITS.queryMax} placeholder={t('maps.search.placeholder')} onChange={(event) => setText(event.target.value)} data-autofocus />
          <span className="form-field__hint">{t('maps.search.hint', { min: MAP_PAGE_LIMITS.queryMin })}</span>
        </div>
        <SortSelect
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(0);
          }}
        />
      </div>
      {searchable ? (
        <>
          <MapList query={results} player={player} empty={t('maps.empty.search', { query })} onLeave={onLeave} />
          {results.data && <Pager page={page} total={results.data.total} pageSize={MAPS_PAGE_SIZE} onPage={setPage} label={t('maps.pages')} />}
        </>
      ) : (
        <p className="empty-state">{t('maps.search.prompt')}</p>
      )}
    </>
  );
}

function OwnPanel({ tab, player, onLeave }: { tab: 'liked' | 'mine'; player: PlayMap; onLeave: () => void }) {
  const { t } = useTranslation();
  const signedIn = isSignedIn(useSession());
  const { open } = useWindowActions();
  const [page, setPage] = useState(0);
  const query = useMapPage(signedIn ? { tab, page } : null);
  if (!signedIn) {
    return (
      <div className="maps-sign-in">
        <p>{t(`maps.signInFor.${tab}`)}</p>
        <button type="button" className="button button--primary" onClick={() => open({ kind: 'signIn', mode: 'signIn' })}>
          {t('auth.signIn')}
        </button>
      </div>
    );
  }
  return (
    <>
      {tab === 'mine' && (
        <div className="maps-toolbar">
          <a className="button button--primary button--small" href="#/mapEditor/new" onClick={onLeave}>
            {t('maps.create')}
          </a>
        </div>
      )}
      <MapList query={query} player={player} empty={t(`maps.empty.${tab}`)} editable={tab === 'mine'} onLeave={onLeave} />
      {query.data && <Pager page={page} total={query.data.total} pageSize={MAPS_PAGE_SIZE} onPage={setPage} label={t('maps.pages')} />}
    </>
  );
}
