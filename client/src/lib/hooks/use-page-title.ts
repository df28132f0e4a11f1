import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab "<title> · <brand>" while the page is shown, and the brand alone after. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
    return () => {
      document.title = t('app.name');
    };
  }, [title, t]);
}
