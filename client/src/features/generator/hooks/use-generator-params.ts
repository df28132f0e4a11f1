import { GENERATOR_LIMITS, generatorProviderSchema, MAP_LIMITS, type GeneratorProvider } from '@globetrail/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { isCountryCode } from '../../../lib/map/country-codes';

export interface GeneratorParams {
  limit: number;
  provider: GeneratorProvider;
  /** An ISO 3166-1 alpha-2 code (upper case), or 'polygon'. */
  region: string;
}

/** One address part that cannot be used, with what was written there. */
export type GeneratorParamProblem = { param: 'limit' | 'key' | 'region'; value: string };

export type ParsedGeneratorParams = { ok: true; params: GeneratorParams } | { ok: false; problems: GeneratorParamProblem[] };

export const LIMIT_RANGE = { min: MAP_LIMITS.minLocations, max: GENERATOR_LIMITS.maxLimit } as const;

/** Reads `genarator/{limit}/{key}/{region}`; every bad part is reported, not only the first. */
export function parseGeneratorParams(raw: { limit: string | undefined; key: string | undefined; region: string | undefined }): ParsedGeneratorParams {
  const problems: GeneratorParamProblem[] = [];
  const limitText = raw.limit ?? '';
  const limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= LIMIT_RANGE.min && limit <= LIMIT_RANGE.max)) problems.push({ param: 'limit', value: limitText });

  const provider = generatorProviderSchema.safeParse((raw.key ?? '').toLowerCase());
  if (!provider.success) problems.push({ param: 'key', value: raw.key ?? '' });

  const regionText = raw.region ?? '';
  const region = regionText.toLowerCase() === 'polygon' ? 'polygon' : regionText.toUpperCase();
  if (region !== 'polygon' && !isCountryCode(region)) problems.push({ param: 'region', value: regionText });

  if (problems.length > 0 || !provider.success) return { ok: false, problems };
  return { ok: true, params: { limit, provider: provider.data, region } };
}

export function useGeneratorParams(): ParsedGeneratorParams {
  const { limit, key, region } = useParams();
  return useMemo(() => parseGeneratorParams({ limit, key, region }), [limit, key, region]);
}
