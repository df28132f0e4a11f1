import { useTranslation } from 'react-i18next';

/** Previous / next with "page x of y"; nothing when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage, label }: { page: number; total: number; pageSize: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('leaderboard.previous')}
      </button>
      <span>{t('leaderboard.pageOf', { page: page + 1, pages })}</span>
      <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('leaderboard.next')}
      </button>
    </nav>
  );
}
