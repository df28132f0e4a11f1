import { randomBytes } from 'node:crypto';
import { type LatLng, type PanoramaRef, type RoundScene, SHARED_LOCATION_RADIUS_METERS } from '@globetrail/contracts';
import type { PanoramaCandidate } from '../../imagery/imagery.port.js';
import { ApiException } from '../../api/api-error.js';
import { drawFreshIndexes } from '../../domain/solo/pick-location.js';
import type { ResolvedRound } from '../../domain/solo/solo.decider.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { drawYawOffset } from '../../imagery/yaw-offset.js';
import type { NextPictureOptions } from '../../imagery/round-pictures.js';
import { DEFAULT_MAP_ID, type GameMap, type MapCatalog } from '../../maps/map-catalog.js';

export { SHARED_LOCATION_RADIUS_METERS } from '@globetrail/contracts';

export interface PlannedRound extends ResolvedRound {
  /** The game's map had fewer than 4 fresh locations, so this round comes from the default map (SPEC §5). */
  fallback: boolean;
}

/**
 * Resolves the picture a round will show before anyone sees it: draws fresh locations of the game's map
 * (SPEC §5: the default map's when fewer than 4 are fresh) and finds their picture. The token is 128
 * random bits: it addresses the picture without saying anything about it; the turn (`yawOffset`) keeps
 * the start heading the client gets from saying anything either.
 */
export async function planRound(
  maps: MapCatalog,
  map: GameMap,
  imagery: ImageryRegistry,
  played: readonly PanoramaRef[],
  random: () => number,
  at?: LatLng,
  options: NextPictureOptions = {},
): Promise<PlannedRound> {
  if (at) {
    const near = await imagery.rounds.near(at, SHARED_LOCATION_RADIUS_METERS);
    if (!near) throw new ApiException(404, 'no_imagery', `at: no panorama within ${SHARED_LOCATION_RADIUS_METERS / 1000} km of ${at.lat}, ${at.lng}`, 'at');
    const picture = withFreshScene(imagery, near, random, at);
    return { target: picture.location, panorama: panoramaOf(picture), shared: true, fallback: false };
  }
  const visitedPictures = new Set(played.map((panorama) => panorama.imageId));
  let from = map;
  let indexes = drawFreshIndexes(map.size, visitedOn(map.id, played), imagery.rounds.attempts, random);
  if (!indexes && map.id !== DEFAULT_MAP_ID) {
    const fallback = await maps.get(DEFAULT_MAP_ID);
    if (fallback) {
      from = fallback;
      indexes = drawFreshIndexes(fallback.size, visitedOn(fallback.id, played), imagery.rounds.attempts, random);
    }
  }
  // The default map itself out of fresh locations (a game longer than it is big): it starts over.
  indexes ??= drawFreshIndexes(from.size, new Set(), imagery.rounds.attempts, random) ?? [];
  const picked = await imagery.rounds.pick(await from.at(indexes), from.content, visitedPictures, options);
  if (!picked) throw new ApiException(503, 'no_imagery', `the map ${map.name} has no pictures to play`);
  const picture = withFreshScene(imagery, picked.picture, random);
  return {
    target: picture.location,
    panorama: panoramaOf(picture, { mapId: from.id, idx: picked.idx }),
    shared: false,
    fallback: from !== map,
  };
}

function visitedOn(mapId: string, played: readonly PanoramaRef[]): Set<number> {
  const visited = new Set<number>();
  for (const panorama of played) if (panorama.source?.mapId === mapId) visited.add(panorama.source.idx);
  return visited;
}

/**
 * A painted picture (the offline sample set) gets a scene of its own for this round, drawn from the
 * server's random source: its camera elsewhere on the place's road (the round's target moves with it),
 * facing another way, at another hour, season and weather, among other traffic and props. So a round's
 * picture never repeats one an earlier round showed, and a script that remembers pictures and their
 * answers learns nothing it can use again. Photographs play as they are.
 */
export function withFreshScene(imagery: ImageryRegistry, picture: PanoramaCandidate, random: () => number, toward?: LatLng): PanoramaCandidate & { scene?: RoundScene } {
  const fresh = imagery.get(picture.provider)?.freshScene?.(picture.imageId, random, toward);
  return fresh ? { ...picture, location: fresh.location, heading: fresh.heading, scene: fresh.scene } : picture;
}

function panoramaOf(picture: { provider: string; imageId: string; heading: number; centre?: number; scene?: RoundScene }, source?: PanoramaRef['source']): PanoramaRef {
  const panorama: PanoramaRef = { token: randomBytes(16).toString('base64url'), provider: picture.provider, imageId: picture.imageId, heading: picture.heading };
  const yawOffset = drawYawOffset(picture.provider);
  const centre = picture.centre ? { centre: picture.centre } : {};
  const scene = picture.scene ? { scene: picture.scene } : {};
  return { ...panorama, ...(yawOffset === undefined ? {} : { yawOffset }), ...centre, ...(source ? { source } : {}), ...scene };
}
