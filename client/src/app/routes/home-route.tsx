import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../components/error-message';
import { LoadingScreen } from '../../components/loading-screen';
import { START_SOLO_MUTATION_KEY, useStartSoloGame } from '../../features/solo/hooks/use-start-solo-game';
import { HomeBackground } from '../../features/welcome/components/home-background';
import { WelcomeDialog } from '../../features/welcome/components/welcome-dialog';
import { useErrorMessage } from '../../lib/api/use-error-message';
import { afterFirstInteraction } from '../../lib/loading/after-first-interaction';
import { showSnackWhenRoundShows } from '../../lib/layout/snacks';
import { firstTimeAtom } from '../../lib/settings/settings-atoms';
import { useSession } from '../../lib/session/use-session';
import { readLastGame } from '../../lib/storage/last-game';
import { useNavigate } from '../../lib/routing/navigation';

/** SPEC §2: the "use street view" hint after Play stays 9 s, from when the first round's picture shows. */
const PLAY_HINT_MS = 9_000;

/** "/": first-time visitors get the background and the welcome dialog; returning players go to a game. */
export function HomeRoute() {
  const [firstTime] = useAtom(firstTimeAtom);
  return firstTime ? <FirstVisit /> : <ReturningVisit />;
}

function FirstVisit() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [, setFirstTime] = useAtom(firstTimeAtom);
  const startGame = useStartSoloGame();

  // The game screen's code (map and panorama) is fetched once the player acts, so Play feels instant
  // while the welcome screen itself loads only what it shows.
  useEffect(() => afterFirstInteraction(() => import('./game-route')), []);

  const play = () =>
    startGame.mutate(
      {},
      {
        onSuccess: () => {
          setFirstTime(false);
          showSnackWhenRoundShows({ id: 'play-hint', message: t('snack.playHint'), durationMs: PLAY_HINT_MS });
        },
      },
    );

  return (
    <>
      <HomeBackground />
      <WelcomeDialog
        onPlay={play}
        onDismiss={() => setFirstTime(false)}
        playPending={startGame.isPending}
        playError={startGame.isError ? errorMessage(startGame.error) : null}
      />
    </>
  );
}

function ReturningVisit() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const startGame = useStartSoloGame();
  const uid = session?.profileCreated ? session.user.uid : null;
  const handledFor = useRef<string | null>(null);

  useEffect(() => {
    if (!uid || handledFor.current === uid) return;
    handledFor.current = uid;
    // A start already under way (Play, a shared location) opens its game by itself.
    if (queryClient.isMutating({ mutationKey: [...START_SOLO_MUTATION_KEY] }) > 0) return;
    // The address may have moved on since this screen rendered (a link followed at once): then it stays.
    if (!/^#?\/?$/.test(window.location.hash)) return;
    const lastGame = readLastGame(uid);
    if (lastGame) navigate(`/game/${encodeURIComponent(lastGame)}`, { replace: true });
    else startGame.mutate({});
  }, [uid, navigate, queryClient, startGame]);

  return (
    <>
      <HomeBackground />
      {startGame.isError ? (
        <div className="center-card">
          <ErrorMessage onRetry={() => startGame.mutate({})}>{errorMessage(startGame.error)}</ErrorMessage>
        </div>
      ) : (
        <LoadingScreen overlay label={t('game.loading')} />
      )}
    </>
  );
}
