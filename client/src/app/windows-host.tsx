import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { importScreen } from '../lib/loading/import-screen';
import type { PlayMap } from '../features/maps/hooks/play-map';
import { useOpenWindow, useWindowActions, type WindowState } from '../lib/layout/windows';
import { usePlayMap } from './hooks/use-play-map';

// Each window is its own chunk, loaded when first opened: the first screen carries none of them.
const MainMenuWindow = lazy(() => importScreen(() => import('../features/menu/components/main-menu-window')).then((m) => ({ default: m.MainMenuWindow })));
const AccountWindow = lazy(() => importScreen(() => import('../features/account/components/account-window')).then((m) => ({ default: m.AccountWindow })));
const SignInWindow = lazy(() => importScreen(() => import('../features/auth/components/sign-in-window')).then((m) => ({ default: m.SignInWindow })));
const SettingsWindow = lazy(() => importScreen(() => import('../features/settings/components/settings-window')).then((m) => ({ default: m.SettingsWindow })));
const FaqWindow = lazy(() => importScreen(() => import('../features/help/components/faq-window')).then((m) => ({ default: m.FaqWindow })));
const CreateGameWindow = lazy(() => importScreen(() => import('../features/game-setup/components/create-game-window')).then((m) => ({ default: m.CreateGameWindow })));
const MapsWindow = lazy(() => importScreen(() => import('../features/maps/components/maps-window')).then((m) => ({ default: m.MapsWindow })));
const PublicProfileWindow = lazy(() => importScreen(() => import('../features/public-profile/components/public-profile-window')).then((m) => ({ default: m.PublicProfileWindow })));
const ChallengesWindow = lazy(() => importScreen(() => import('../features/challenges/components/challenges-window')).then((m) => ({ default: m.ChallengesWindow })));
const CreateChallengeWindow = lazy(() => importScreen(() => import('../features/challenges/components/create-challenge-window')).then((m) => ({ default: m.CreateChallengeWindow })));
const RateChallengeWindow = lazy(() => importScreen(() => import('../features/challenges/components/rate-challenge-window')).then((m) => ({ default: m.RateChallengeWindow })));

/** Renders whichever window a layout action opened; features never import one another's windows. */
export function WindowsHost() {
  const current = useOpenWindow();
  const { close } = useWindowActions();
  const player = usePlayMap(close);
  if (!current) return null;
  return <Suspense fallback={<LoadingScreen overlay />}>{windowFor(current, close, player)}</Suspense>;
}

function windowFor(current: WindowState, close: () => void, player: PlayMap) {
  switch (current.kind) {
    case 'menu':
      return <MainMenuWindow onClose={close} />;
    case 'account':
      return <AccountWindow onClose={close} />;
    case 'signIn':
      return <SignInWindow key={current.mode} initialMode={current.mode} onClose={close} />;
    case 'settings':
      return <SettingsWindow onClose={close} />;
    case 'faq':
      return <FaqWindow onClose={close} />;
    case 'createGame':
      return <CreateGameWindow key={current.map?.mapId ?? ''} map={current.map ?? null} onClose={close} />;
    case 'maps':
      return <MapsWindow initialTab={current.tab} player={player} onClose={close} />;
    case 'publicProfile':
      return <PublicProfileWindow key={current.userId} userId={current.userId} onClose={close} />;
    case 'challenges':
      return <ChallengesWindow initialTab={current.tab} onClose={close} />;
    case 'createChallenge':
      return <CreateChallengeWindow key={current.map?.mapId ?? ''} map={current.map ?? null} onClose={close} />;
    case 'rateChallenge':
      return <RateChallengeWindow key={current.challengeId} challengeId={current.challengeId} onClose={close} />;
    default: {
      const unreachable: never = current;
      return unreachable;
    }
  }
}
