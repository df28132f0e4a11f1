import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError, readableMessage } from './api-error';

/**
 * Codes whose meaning does not depend on the request: they get a translated sentence. Other codes
 * (validation_failed, score_mismatch, …) show the server's own message, which names the problem.
 */
const translatedCodes = new Set([
  'network',
  'bad_response',
  'http_error',
  'unauthenticated',
  'forbidden',
  'not_found',
  'anonymous_not_allowed',
  'already_submitted',
  'round_already_guessed',
  'round_not_current',
  'no_imagery',
  'email_taken',
  'invalid_credentials',
  'invalid_code',
  'code_expired',
  'rate_limited',
  'internal',
  'unranked_imagery',
  // The generator tool's refusals.
  'provider_not_configured',
  'imagery_unavailable',
  'too_many_runs',
  'generator_busy',
  'run_not_finished',
  'run_failed',
  'not_enough_locations',
  // Maps.
  'map_deleted',
  'locations_fixed',
  'locations_private',
  // Challenges.
  'challenge_not_started',
  'challenge_ended',
  'not_joined',
  'level_too_low',
  'round_time_over',
  'already_rated',
  'challenge_completed',
]);

/** Turns any failure into one sentence a player can read. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isApiRequestError(error)) {
        if (translatedCodes.has(error.code)) return t(`errors.${error.code}` as 'errors.network');
        if (error.status >= 500) return t('errors.internal');
        return readableMessage(error.message, error.field) || t('errors.unknown');
      }
      return t('errors.unknown');
    },
    [t],
  );
}
