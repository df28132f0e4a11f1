import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { ErrorMessage } from '../components/error-message';
import { SnackHost } from '../components/snack-host';
import { TooltipLayer } from '../components/tooltip-layer';
import { MenuButton } from '../features/menu/components/menu-button';
import { useErrorMessage } from '../lib/api/use-error-message';
import { scheduleAddressCleanup } from '../lib/i18n/url-language';
import { useLiveSocketAfterFirstInteraction } from '../lib/live/use-live-socket';
import { useLiveProfile } from '../lib/session/use-live-profile';
import { useBrandTheme } from '../lib/brand/use-brand';
import { useDevToolsGuard } from '../lib/security/use-devtools-guard';
import { useReportedRelease } from '../lib/errors/use-reported-release';
import { useDailyStreakCheck } from './hooks/use-daily-streak-check';
import { useRotateDeviceHint } from './hooks/use-device-hints';
import { useSignInFromAddress } from './hooks/use-sign-in-from-address';
import { useSessionBootstrap } from './hooks/use-session-bootstrap';
import { useStartedGameNavigation } from './hooks/use-started-game-navigation';
import { ToolbarLinks } from './toolbar-links';
import { WindowsHost } from './windows-host';

export function RootLayout() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const bootstrap = useSessionBootstrap();
  useStartedGameNavigation();
  useLiveSocketAfterFirstInteraction();
  useLiveProfile();
  useDailyStreakCheck();
  useBrandTheme();
  useDevToolsGuard();
  useReportedRelease();
  useRotateDeviceHint();
  useEffect(() => scheduleAddressCleanup(), []);
  useSignInFromAddress();
  const toolbarRef = useToolbarWidth();

  return (
    <>
      <Outlet />
      <div ref={toolbarRef} className="toolbar" role="toolbar" aria-label={t('toolbar.label')}>
        <ToolbarLinks />
        <MenuButton />
      </div>
      {bootstrap.isError && (
        <div className="connection-banner">
          <ErrorMessage onRetry={() => void bootstrap.refetch()}>{t('errors.connect', { reason: errorMessage(bootstrap.error) })}</ErrorMessage>
        </div>
      )}
      <WindowsHost />
      <SnackHost />
      <TooltipLayer />
    </>
  );
}

/**
 * Keeps `--toolbar-width` on the page's root: the bars that share the top edge with the toolbar (a
 * challenge's header) stop short of it, whatever the language makes its buttons' width.
 */
function useToolbarWidth() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--toolbar-width', `${Math.ceil(toolbar.getBoundingClientRect().width)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, []);
  return ref;
}
