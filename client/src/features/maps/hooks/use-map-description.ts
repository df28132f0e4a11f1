import type { MapEntry } from '@globetrail/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/languages';
import { PRESET_WORLD_MAP_IDS, useMapName } from '../../../lib/maps/map-names';

/**
 * A map's description as the player reads it: the preset maps say in the interface language how their
 * places were chosen (the server writes it in English); authors' maps keep their own words.
 */
export function useMapDescription(): (map: Pick<MapEntry, 'mapId' | 'mapName' | 'official' | 'regionalFocusByCountry' | 'description' | 'loc'>) => string {
  const { t, i18n } = useTranslation();
  const nameOf = useMapName();
  const locale = intlLocale(i18n.resolvedLanguage);
  return useCallback(
    (map) => {
      if (!map.official) return map.description;
      const value = new Intl.NumberFormat(locale).format(map.loc);
      const preset = PRESET_WORLD_MAP_IDS.find((id) => id === map.mapId);
      if (preset) return t(`maps.presetDescription.${preset}`, { value });
      return t('maps.presetDescription.country', { name: nameOf(map), value });
    },
    [locale, nameOf, t],
  );
}
