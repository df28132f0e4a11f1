import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';

/** The generator's own refusals (contracts/src/rest/errors.ts) mean the same whatever was asked: translated. */
const generatorCodes = new Set([
  'provider_not_configured',
  'imagery_unavailable',
  'too_many_runs',
  'generator_busy',
  'run_not_finished',
  'run_failed',
  'not_enough_locations',
]);

export function useGeneratorErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      if (isApiRequestError(error) && generatorCodes.has(error.code)) {
        return t(`generator.errors.${error.code}` as 'generator.errors.run_failed');
      }
      return errorMessage(error);
    },
    [t, errorMessage],
  );
}
