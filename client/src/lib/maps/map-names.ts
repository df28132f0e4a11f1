import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/languages';

/** The world-wide preset maps (docs/maps.md), named in the interface language under maps.preset. */
export const PRESET_WORLD_MAP_IDS = ['world', 'arbitrary-world', 'arbitrary-rural-world', 'balanced-world'] as const;
type PresetWorldMapId = (typeof PRESET_WORLD_MAP_IDS)[number];
const isPresetWorldMap = (mapId: string): mapId is PresetWorldMapId => (PRESET_WORLD_MAP_IDS as readonly string[]).includes(mapId);

const COUNTRY_MAP_ID = /^country-([a-z]{2})$/;
const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * What is known of a map where its name is shown. A map entry says whether it is a preset (`official`) and
 * its country; a game only knows the map's id and the name the server gave it.
 */
export interface NamedMap {
  mapId: string;
  mapName: string;
  official?: boolean;
  regionalFocusByCountry?: string | null;
}

/** The country a preset country map covers, or null for any other map. */
function presetCountryOf(map: NamedMap): string | null {
  if (map.official === false) return null;
  if (map.official && map.regionalFocusByCountry) return map.regionalFocusByCountry;
  // Only the map id is known (a game): a preset country map is `country-{code}`, named by the server in
  // English; a player's map that happens to use such an id keeps its own name.
  const code = COUNTRY_MAP_ID.exec(map.mapId)?.[1]?.toUpperCase();
  return code && englishRegions.of(code) === map.mapName ? code : null;
}

/**
 * A map's name as the player reads it: the preset maps in the interface language (the server names them
 * in English, a country map by its country), every other map by the name its author gave it.
 */
export function useMapName(): (map: NamedMap) => string {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage);
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [locale]);
  return useCallback(
    (map: NamedMap) => {
      // The preset maps' ids are taken at the first start, so no player's map can have one of them.
      if (map.official !== false && isPresetWorldMap(map.mapId)) return t(`maps.preset.${map.mapId}`);
      const country = presetCountryOf(map);
      return (country && regions?.of(country)) || map.mapName;
    },
    [regions, t],
  );
}
