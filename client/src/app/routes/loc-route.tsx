import { parseLatLngPair } from '@globetrail/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SHARED_LOCATION_RADIUS_METERS } from '@globetrail/contracts';
import { ErrorMessage } from '../../components/error-message';
import { LoadingScreen } from '../../components/loading-screen';
import { START_SOLO_MUTATION_KEY, useStartSoloGame } from '../../features/solo/hooks/use-start-solo-game';
import { HomeBackground } from '../../features/welcome/components/home-background';
import { isApiRequestError } from '../../lib/api/api-error';
import { useErrorMessage } from '../../lib/api/use-error-message';
import { useFormatters } from '../../lib/format/use-formatters';
import { showSnack } from '../../lib/layout/snacks';
import { hasSubmittedTarget } from '../../lib/storage/submitted-targets';
import { useNavigate } from '../../lib/routing/navigation';

/**
 * SPEC §2: the address returns to "/" after 5 seconds. Not while a failure is shown: a message that went
 * away by itself after 5 seconds could not be read, so it waits for the player's choice.
 */
const RETURN_HOME_MS = 5_000;

/**
 * loc/{lat,lng}: a shared location, played as the first round of a new game. The game opens when it is
 * ready (the layout follows the start even after this route has gone back to "/").
 */
export function LocRoute() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useFormatters();
  const { locId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startGame = useStartSoloGame();
  const at = parseLatLngPair(decodeURIComponent(locId));
  const startedFor = useRef<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const failed = !at || startGame.isError;
  useEffect(() => {
    if (failed) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RETURN_HOME_MS);
    return () => clearTimeout(timer);
  }, [locId, navigate, failed]);

  useEffect(() => {
    if (!at || startedFor.current === locId) return;
    startedFor.current = locId;
    if (queryClient.isMutating({ mutationKey: [...START_SOLO_MUTATION_KEY] }) > 0) return;
    // SPEC §5: a shared location already played here is not played again; a fresh game starts instead.
    const visited = hasSubmittedTarget(at);
    if (visited) showSnack({ id: 'shared-visited', message: t('shared.alreadyPlayed'), durationMs: 6_000 });
    startGame.mutateAsync(visited ? {} : { at }).catch((error: unknown) => {
      // While this route is shown it displays the failure itself; after the return to "/" a snack does.
      if (!mounted.current) showSnack({ id: 'shared-failed', message: t('shared.failed', { reason: errorMessage(error) }), durationMs: 9_000 });
    });
  }, [at, locId, queryClient, startGame, t, errorMessage]);

  return (
    <>
      <HomeBackground />
      {!at ? (
        <div className="center-card">
          <ErrorMessage>{t('shared.invalid')}</ErrorMessage>
        </div>
      ) : startGame.isError ? (
        noPictureNear(startGame.error) ? (
          <div className="center-card" role="alert" data-testid="shared-unavailable">
            <h1 className="center-card__title">{t('shared.unavailableTitle')}</h1>
            <p>{t('shared.unavailable', { place: `${at.lat}, ${at.lng}`, distance: format.distance(SHARED_LOCATION_RADIUS_METERS) })}</p>
            <div className="center-card__actions">
              <button type="button" className="button button--primary" onClick={() => startGame.mutate({})} autoFocus>
                {t('shared.playInstead')}
              </button>
              <button type="button" className="button" onClick={() => navigate('/', { replace: true })}>
                {t('shared.home')}
              </button>
            </div>
          </div>
        ) : (
          <div className="center-card">
            <ErrorMessage onRetry={() => startGame.mutate({ at })}>{errorMessage(startGame.error)}</ErrorMessage>
          </div>
        )
      ) : (
        <LoadingScreen overlay label={t('shared.loading')} />
      )}
    </>
  );
}

/** The server has no picture near the shared place (404 no_imagery on `at`): it cannot be played here. */
const noPictureNear = (error: unknown) => isApiRequestError(error) && error.code === 'no_imagery' && error.field === 'at';
