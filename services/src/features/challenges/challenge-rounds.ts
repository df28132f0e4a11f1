import type { ChallengeRoundPlan, LatLng, PanoramaRef } from '@globetrail/contracts';
import { ApiException } from '../../api/api-error.js';
import { countryAt } from '../../domain/country.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import type { GameMap, MapCatalog } from '../../maps/map-catalog.js';
import { planRound, SHARED_LOCATION_RADIUS_METERS, withFreshScene } from '../solo/round-planner.js';

const withoutToken = ({ token: _token, ...panorama }: PanoramaRef): ChallengeRoundPlan['panorama'] => panorama;

/**
 * The server's rounds for a challenge: `count` fresh places of the map, each with its picture, as a
 * single-player game would draw them (so never the same place twice). `random` is the challenge's own:
 * a daily's is seeded by its key.
 */
export async function drawChallengeRounds(maps: MapCatalog, map: GameMap, imagery: ImageryRegistry, count: number, random: () => number): Promise<ChallengeRoundPlan[]> {
  const played: PanoramaRef[] = [];
  const rounds: ChallengeRoundPlan[] = [];
  for (let i = 0; i < count; i++) {
    const round = await planRound(maps, map, imagery, played, random);
    played.push(round.panorama);
    rounds.push({ target: round.target, targetCountryCode: countryAt(round.target), panorama: withoutToken(round.panorama) });
  }
  return rounds;
}

/**
 * The author's rounds (`rou`): the picture nearest each place, within 25 km (the target becomes where
 * the picture was taken, or a painted picture's scene stands). A place without one is refused by its position in `rou`.
 */
export async function challengeRoundsAt(imagery: ImageryRegistry, places: readonly LatLng[], random: () => number): Promise<ChallengeRoundPlan[]> {
  const rounds: ChallengeRoundPlan[] = [];
  for (const [i, at] of places.entries()) {
    const near = await imagery.rounds.near(at, SHARED_LOCATION_RADIUS_METERS);
    if (!near) {
      throw new ApiException(400, 'no_imagery', `rou.${i}: no picture within ${SHARED_LOCATION_RADIUS_METERS / 1000} km of ${at.lat},${at.lng}`, `rou.${i}`);
    }
    // A painted picture gets its own scene, as every drawn round's does (see withFreshScene).
    const picture = withFreshScene(imagery, near, random, at);
    rounds.push({
      target: picture.location,
      targetCountryCode: countryAt(picture.location),
      panorama: { provider: picture.provider, imageId: picture.imageId, heading: picture.heading, ...(picture.scene ? { scene: picture.scene } : {}) },
    });
  }
  return rounds;
}
