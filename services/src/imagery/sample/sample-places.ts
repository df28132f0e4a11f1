import { AFRICA } from './places/africa.js';
import { AMERICAS } from './places/americas.js';
import { ASIA } from './places/asia.js';
import { EUROPE } from './places/europe.js';
import { OCEANIA } from './places/oceania.js';
import type { SamplePlace } from './sample-place.js';

export const SAMPLE_PLACES: readonly SamplePlace[] = [...EUROPE, ...ASIA, ...AFRICA, ...AMERICAS, ...OCEANIA];

export function samplePlace(key: string): SamplePlace | undefined {
  return SAMPLE_PLACES.find((place) => place.key === key);
}
