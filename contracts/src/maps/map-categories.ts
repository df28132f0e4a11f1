import { z } from 'zod';

/**
 * SPEC §3's map categories, the ones the maps selector and the leaderboard's map filters use. Values (our
 * reading; SPEC names the categories only):
 * - coverage: how much of the world the locations cover — the whole world (10+ countries), several
 *   countries, one country, a region of one (30–300 km across) or a city (under 30 km);
 * - urbanRural and coastalInland: where most locations lie (60% or more → urban / coastal; 15% / 10% or
 *   less → rural / inland; mixed in between), computed from open data for the preset maps and declared by
 *   authors for theirs;
 * - regionalFocusByCountry: the ISO 3166-1 alpha-2 code of the country a map is about, or null;
 * - countryStreakEligible: whether a country streak means something on it (5+ countries, none with more
 *   than half of the locations).
 */
export const coverageValues = ['world', 'multiCountry', 'country', 'region', 'city'] as const;
export const urbanRuralValues = ['urban', 'rural', 'mixed'] as const;
export const coastalInlandValues = ['coastal', 'inland', 'mixed'] as const;

export const mapCategoriesSchema = z.object({
  coverage: z.enum(coverageValues),
  urbanRural: z.enum(urbanRuralValues),
  coastalInland: z.enum(coastalInlandValues),
  regionalFocusByCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals, such as FR')
    .nullable(),
  countryStreakEligible: z.boolean(),
});
export type MapCategories = z.infer<typeof mapCategoriesSchema>;
export type Coverage = MapCategories['coverage'];
export type UrbanRural = MapCategories['urbanRural'];
export type CoastalInland = MapCategories['coastalInland'];

/** Thresholds of the rules above, shared by the preset builder and the suggestions for authors' maps. */
export const CATEGORY_RULES = {
  worldCountries: 10,
  cityDiagonalMeters: 30_000,
  regionDiagonalMeters: 300_000,
  streakMinCountries: 5,
  streakMaxShare: 0.5,
  focusShare: 0.9,
} as const;

/**
 * What the locations alone tell (coverage, regional focus, country-streak eligibility), for a map whose
 * author has not said; urban/rural and coastal/inland need data the author has, so they start 'mixed'.
 * `countries` holds each location's country (null at sea); `diagonalMeters` the map's extent diagonal.
 */
export function suggestCategories(countries: ReadonlyArray<string | null>, diagonalMeters: number): MapCategories {
  const counts = new Map<string, number>();
  for (const country of countries) if (country) counts.set(country, (counts.get(country) ?? 0) + 1);
  const total = countries.length;
  const [top, topCount] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return {
    coverage: coverageOf(counts.size, diagonalMeters),
    urbanRural: 'mixed',
    coastalInland: 'mixed',
    regionalFocusByCountry: top !== null && total > 0 && topCount / total >= CATEGORY_RULES.focusShare ? top : null,
    countryStreakEligible: counts.size >= CATEGORY_RULES.streakMinCountries && total > 0 && topCount / total <= CATEGORY_RULES.streakMaxShare,
  };
}

export function coverageOf(countryCount: number, diagonalMeters: number): Coverage {
  if (countryCount >= CATEGORY_RULES.worldCountries) return 'world';
  if (countryCount >= 2) return 'multiCountry';
  if (diagonalMeters > CATEGORY_RULES.regionDiagonalMeters) return 'country';
  if (diagonalMeters >= CATEGORY_RULES.cityDiagonalMeters) return 'region';
  return 'city';
}
