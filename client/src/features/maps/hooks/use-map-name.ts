import type { MapEntry } from '@globetrail/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const PRESET_WORLD_MAPS = new Set(['world', 'arbitrary-world', 'arbitrary-rural-world', 'balanced-world']);

type Named = Pick<MapEntry, 'mapId' | 'mapName' | 'official' | 'regionalFocusByCountry'>;

/**
 * A map's name as the player reads it: the preset maps are named in the interface language (the server
 * names them in English: a country map by its country), every other map by the name its author gave it.
 */
export function useMapName(): (map: Named) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [locale]);
  return useCallback(
    (map: Named) => {
      if (!map.official) return map.mapName;
      if (PRESET_WORLD_MAPS.has(map.mapId)) return t(`maps.preset.${map.mapId}` as 'maps.preset.world');
      return (map.regionalFocusByCountry && regions?.of(map.regionalFocusByCountry)) || map.mapName;
    },
    [regions, t],
  );
}

/**
 * A map's description as the player reads it: the preset maps say in the interface language how their
 * places were chosen (the server writes it in English); authors' maps keep their own words.
 */
export function useMapDescription(): (map: Named & Pick<MapEntry, 'description' | 'loc'>) => string {
  const { t, i18n } = useTranslation();
  const nameOf = useMapName();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useCallback(
    (map) => {
      if (!map.official) return map.description;
      const value = new Intl.NumberFormat(locale).format(map.loc);
      if (PRESET_WORLD_MAPS.has(map.mapId)) return t(`maps.presetDescription.${map.mapId}` as 'maps.presetDescription.world', { value });
      return t('maps.presetDescription.country', { name: nameOf(map), value });
    },
    [locale, nameOf, t],
  );
}
