import { AccountWindow } from '../features/account/components/account-window';
import { CreateGameWindow } from '../features/game-setup/components/create-game-window';
import { SignInWindow } from '../features/auth/components/sign-in-window';
import { MainMenuWindow } from '../features/menu/components/main-menu-window';
import { PublicProfileWindow } from '../features/public-profile/components/public-profile-window';
import { SettingsWindow } from '../features/settings/components/settings-window';
import { FaqWindow } from '../features/help/components/faq-window';
import { MapsWindow } from '../features/maps/components/maps-window';
import { ChallengesWindow } from '../features/challenges/components/challenges-window';
import { CreateChallengeWindow } from '../features/challenges/components/create-challenge-window';
import { RateChallengeWindow } from '../features/challenges/components/rate-challenge-window';
import { useOpenWindow, useWindowActions } from '../lib/layout/windows';
import { usePlayMap } from './hooks/use-play-map';

/** Renders whichever window a layout action opened; features never import one another's windows. */
export function WindowsHost() {
  const current = useOpenWindow();
  const { close } = useWindowActions();
  const player = usePlayMap(close);
  if (!current) return null;
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
