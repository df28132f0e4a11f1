import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FlagIcon, GroupIcon, HelpIcon, MapIcon, SettingsIcon, TrophyIcon, UserIcon } from '../../../components/icons';
import { LanguageSelect } from '../../../components/language-select';
import { ModalWindow } from '../../../components/modal-window';
import { useClientConfig } from '../../../lib/api/client-config';
import { useBrands } from '../../../lib/brand/use-brand';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useWindowActions } from '../../../lib/layout/windows';
import { readFilterPref } from '../../../lib/storage/filter-pref';
import { useProfile } from '../../../lib/session/profile-query';
import { isSignedIn, useSession } from '../../../lib/session/use-session';
import { useNavigate } from '../../../lib/routing/navigation';

export function MainMenuWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const profile = useProfile().data;
  const releaseId = useClientConfig().data?.releaseId;
  const { sisterBrand } = useBrands();
  const navigate = useNavigate();

  const item = (label: string, onClick: () => void, icon: ReactNode) => (
    <li>
      <button type="button" className="menu-list__item" onClick={onClick}>
        <span className="menu-list__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </button>
    </li>
  );

  return (
    <ModalWindow title={t('menu.title')} onClose={onClose} variant="drawer" testId="main-menu">
      {profile && (
        <div className="menu-profile">
          <span className="avatar avatar--small" aria-hidden="true">
            {(profile.name.trim()[0] ?? '?').toUpperCase()}
          </span>
          <div>
            <p className="menu-profile__name">{profile.name}</p>
            <p className="muted menu-profile__sub">
              {signedIn ? t('menu.levelPoints', { level: profile.level, points: format.number(profile.points) }) : t('account.guest')}
            </p>
          </div>
        </div>
      )}
      <nav aria-label={t('menu.title')}>
        <ul className="menu-list">
          {signedIn
            ? item(t('menu.account'), () => open({ kind: 'account' }), <UserIcon />)
            : item(t('auth.signIn'), () => open({ kind: 'signIn', mode: 'signIn' }), <UserIcon />)}
          {item(t('menu.maps'), () => open({ kind: 'maps' }), <MapIcon />)}
          {item(t('menu.challenges'), () => open({ kind: 'challenges' }), <FlagIcon />)}
          {item(t('menu.playWithFriends'), () => open({ kind: 'createGame' }), <GroupIcon />)}
          {item(t('menu.settings'), () => open({ kind: 'settings' }), <SettingsIcon />)}
          {item(t('menu.help'), () => open({ kind: 'faq' }), <HelpIcon />)}
          {item(
            t('menu.leaderboard'),
            () => {
              onClose();
              navigate(`/leaderboard/${readFilterPref().sortBy}`);
            },
            <TrophyIcon />,
          )}
        </ul>
      </nav>
      <LanguageSelect showLabel className="menu-language" />
      <ul className="menu-links">
        <li>
          <Link to="/privacypolicy" onClick={onClose}>
            {t('legal.privacyTitle')}
          </Link>
        </li>
        <li>
          <Link to="/termsofservice" onClick={onClose}>
            {t('legal.termsTitle')}
          </Link>
        </li>
        {sisterBrand?.url && (
          <li>
            <a href={sisterBrand.url} rel="noopener" data-testid="sister-brand-link">
              {t('menu.sisterBrand', { name: sisterBrand.name })}
            </a>
          </li>
        )}
      </ul>
      {releaseId && <p className="muted menu-release">{t('menu.release', { release: releaseId })}</p>}
    </ModalWindow>
  );
}
