import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/icons';
import { useMediaQuery, WIDE_QUERY } from '../../../lib/hooks/use-media-query';
import { useOpenWindow, useWindowActions } from '../../../lib/layout/windows';

/** SPEC §2: labelled "Menu" on wide screens, an icon on narrow ones; its accessible name is "Menu" on both. */
export function MenuButton() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_QUERY);
  const { open } = useWindowActions();
  const menuOpen = useOpenWindow()?.kind === 'menu';
  return (
    <button
      type="button"
      className={`toolbar-button ${wide ? '' : 'toolbar-button--icon'}`}
      aria-haspopup="dialog"
      aria-expanded={menuOpen}
      aria-label={wide ? undefined : t('menu.open')}
      title={wide ? undefined : t('menu.open')}
      onClick={() => open({ kind: 'menu' })}
    >
      <MenuIcon />
      {wide && <span>{t('menu.open')}</span>}
    </button>
  );
}
