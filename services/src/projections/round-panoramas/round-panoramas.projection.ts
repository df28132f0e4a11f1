import { type PanoramaRef, readModelCollections, type RoundPanoramaDoc } from '@globetrail/contracts';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.roundPanoramas;

const turnOf = ({ yawOffset, centre, scene, heading }: PanoramaRef) => ({ ...(yawOffset === undefined ? {} : { yawOffset }), ...(centre ? { centre } : {}), ...(scene ? { scene } : {}), heading });

/** Server-only lookup from a round's opaque panorama token to the picture it shows (and its turn): solo, live and challenge rounds alike. */
export const roundPanoramasProjection = defineProjection({
  name: 'round-panoramas',
  collections: [collection],
  indexes: [],
  handles: ['SoloRoundStarted', 'RoundStarting', 'ChallengeRoundStarted'],
  // Reads nothing: its writes come back without a promise.
  apply({ event, streamId, position }) {
    if (event.type === 'SoloRoundStarted') {
      const { panorama, gameId, roundIndex, target, movement } = event.data;
      return [upsert(collection, { id: panorama.token, provider: panorama.provider, imageId: panorama.imageId, gameId, roundIndex, location: target, ...(movement ? { movement } : {}), ...turnOf(panorama), kind: 'solo' } satisfies RoundPanoramaDoc, position)];
    }
    if (event.type === 'ChallengeRoundStarted') {
      const { panorama, challengeId, userId, roundIndex, target, movement, deadline, pictureHidesAt } = event.data;
      const blink = pictureHidesAt === undefined ? {} : { blink: { hidesAt: Date.parse(pictureHidesAt) } };
      const doc = { id: panorama.token, provider: panorama.provider, imageId: panorama.imageId, gameId: `challenge:${challengeId}`, roundIndex, location: target, movement, ...turnOf(panorama), kind: 'challenge' as const, owner: userId, timed: deadline !== null, ...blink };
      return [upsert(collection, doc satisfies RoundPanoramaDoc, position)];
    }
    const { panorama, roundIndex, target, movement, blink } = event.data;
    const gameId = streamId.slice('game-'.length);
    const doc = { id: panorama.token, provider: panorama.provider, imageId: panorama.imageId, gameId, roundIndex, location: target, ...(movement ? { movement } : {}), ...turnOf(panorama), kind: 'live' as const, ...(blink ? { blink: {} } : {}) };
    return [upsert(collection, doc satisfies RoundPanoramaDoc, position)];
  },
});
