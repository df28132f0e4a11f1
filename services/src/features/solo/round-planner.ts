import { randomBytes } from 'node:crypto';
import type { LatLng } from '@globetrail/contracts';
import { ApiException } from '../../api/api-error.js';
import type { ResolvedRound } from '../../domain/solo/solo.decider.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import type { NextPictureOptions } from '../../imagery/round-pictures.js';
import type { GameMap } from '../../maps/map-catalog.js';

/** How far from a shared location a picture may be and still stand for it. */
export const SHARED_LOCATION_RADIUS_METERS = 25_000;

/**
 * Resolves the picture a round will show before anyone sees it. The token is 128 random bits: it
 * addresses the picture without saying anything about it.
 */
export async function planRound(
  map: GameMap,
  imagery: ImageryRegistry,
  visited: ReadonlySet<string>,
  random: () => number,
  at?: LatLng,
  options: NextPictureOptions = {},
): Promise<ResolvedRound> {
  const picture = at ? await imagery.rounds.near(at, SHARED_LOCATION_RADIUS_METERS) : await imagery.rounds.next(map.locations(), visited, random, { ...options, ownPictures: map.ownPictures === true });
  if (!picture) {
    throw at
      ? new ApiException(404, 'no_imagery', `at: no panorama within ${SHARED_LOCATION_RADIUS_METERS / 1000} km of ${at.lat}, ${at.lng}`, 'at')
      : new ApiException(503, 'no_imagery', `the map ${map.name} has no pictures to play`);
  }
  return {
    target: picture.location,
    panorama: { token: randomBytes(16).toString('base64url'), provider: picture.provider, imageId: picture.imageId, heading: picture.heading },
    shared: at !== undefined,
  };
}
