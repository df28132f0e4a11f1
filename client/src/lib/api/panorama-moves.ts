import { type PanoramaMove, panoramaMovesPath, panoramaMovesSchema } from '@globetrail/contracts';
import { fetchJson } from './fetch-json';

/**
 * The pictures one can move to from a panorama token. One attempt, unlike other GETs: the server has
 * already retried the provider before it answers 503, and a failed move leaves the player where they
 * are, with Try again.
 */
export async function fetchPanoramaMoves(token: string): Promise<PanoramaMove[]> {
  return (await fetchJson(panoramaMovesPath(token), { method: 'GET', schema: panoramaMovesSchema })).moves;
}
