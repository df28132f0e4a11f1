import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab "<title> · GlobeTrail" while the page is shown, and gives the old name back after. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${t('app.name')}`;
    return () => {
      document.title = previous;
    };
  }, [title, t]);
}
