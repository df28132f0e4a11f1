import { draftUpdate, locationCountProblem, MAP_LIMITS, type MapDraft, type MapEntry, mapCategoriesSchema } from '@globetrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useFormatters } from '../../../lib/format/use-formatters';
import { isCountryCode } from '../../../lib/map/country-codes';
import { saveMap } from '../api/map-editor-api';
import type { EditorState } from './editor-state';

export type SaveField = 'name' | 'description' | 'categories' | 'locations';

/** Why a save did not go through: next to a field, on entry `entry` of the locations, or for the whole map. */
export interface SaveProblem {
  field: SaveField | null;
  entry: number | null;
  message: string;
  /** A failure that may heal (network, server): worth a retry. */
  retryable: boolean;
}

/**
 * Saving the map: only what changed is sent (draftUpdate), nothing while a save is under way, and what
 * the editor can tell before asking (a name, 5 to 10,000 locations, a country code) is said next to its
 * field without a request. A refusal's `field` puts the server's reason where it belongs.
 */
export function useSaveMap(mapId: string, state: EditorState, onSaved: (entry: MapEntry, sent: MapDraft) => void) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const { saved, name, description, categories, locations } = state;
  const request = useMemo(() => draftUpdate(saved, { name, description, categories, locations }), [saved, name, description, categories, locations]);
  const [attempted, setAttempted] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ body }: { body: NonNullable<typeof request>; sent: MapDraft }) => saveMap(mapId, body),
    onSuccess: (entry, { sent }) => {
      setAttempted(false);
      onSaved(entry, sent);
    },
  });

  const checked = attempted ? clientProblem() : null;
  const refused = mutation.isError ? refusal(mutation.error) : null;
  useClearedOnChange(refused?.field ?? null, { name, description, categories, locations }, mutation.reset);

  function clientProblem(): SaveProblem | null {
    if (name.trim() === '') return { field: 'name', entry: null, message: t('mapEditor.problems.nameMissing'), retryable: false };
    if (categories && (!mapCategoriesSchema.safeParse(categories).success || (categories.regionalFocusByCountry !== null && !isCountryCode(categories.regionalFocusByCountry)))) {
      return { field: 'categories', entry: null, message: t('mapEditor.problems.countryCode'), retryable: false };
    }
    const count = locationCountProblem(locations.length);
    if (count === 'tooFew') return { field: 'locations', entry: null, message: t('mapEditor.problems.tooFew', { min: MAP_LIMITS.minLocations, count: locations.length }), retryable: false };
    if (count === 'tooMany') return { field: 'locations', entry: null, message: t('mapEditor.problems.tooMany', { max: format.number(MAP_LIMITS.maxLocations) }), retryable: false };
    return null;
  }

  function refusal(error: unknown): SaveProblem {
    if (!isApiRequestError(error)) return { field: null, entry: null, message: errorMessage(error), retryable: true };
    const retryable = error.status === 0 || error.status >= 500 || error.status === 429;
    const field = error.code === 'validation_failed' || error.code === 'locations_fixed' ? (error.field ?? '') : '';
    const entry = /^locations\.(\d+)(?:\.(\w+))?/.exec(field);
    if (entry) {
      const index = Number(entry[1]);
      const repeated = /same place as locations\.(\d+)/.exec(error.message);
      const message = repeated
        ? t('mapEditor.problems.repeats', { of: Number(repeated[1]) + 1 })
        : entry[2]
          ? t('mapEditor.problems.entryField', { field: entry[2], rule: t(`mapEditor.rules.${entry[2]}` as 'mapEditor.rules.lat', { defaultValue: '' }) })
          : errorMessage(error);
      return { field: 'locations', entry: index, message, retryable: false };
    }
    const top = field.split('.')[0];
    const known = top === 'name' || top === 'description' || top === 'categories' || top === 'locations' ? top : null;
    return { field: known, entry: null, message: errorMessage(error).replace(/^[\w.]+: /, ''), retryable };
  }

  const save = () => {
    if (request === null || mutation.isPending) return;
    setAttempted(true);
    setAttempts((count) => count + 1);
    if (clientProblem()) return;
    mutation.reset();
    mutation.mutate({ body: request, sent: { name: name.trim(), description: description.trim(), categories, locations } });
  };

  /** `attempts` counts presses of Save, so a screen can point at the same problem again. */
  return { dirty: request !== null, saving: mutation.isPending, save, problem: checked ?? refused, attempts };
}

/** A refusal stays shown until the part of the map it blames changes. */
function useClearedOnChange(field: SaveField | null, draft: Pick<EditorState, SaveField>, clear: () => void): void {
  const blamed = field ? draft[field] : null;
  const last = useRef({ field, blamed });
  useEffect(() => {
    const previous = last.current;
    last.current = { field, blamed };
    if (field !== null && previous.field === field && previous.blamed !== blamed) clear();
  }, [field, blamed, clear]);
}
