import { MAP_LIMITS, type MapEvent, type MapPicture } from '@globetrail/contracts';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export type MapState = { status: 'none' } | { status: 'created'; mapId: string; name: string; creatorId: string; locations: number };

export type MapCommand = {
  type: 'CreateMap';
  /** Chosen by the server before the first attempt, so a retried save appends nothing new. */
  mapId: string;
  name: string;
  creatorId: string;
  /** What the pictures were sampled in: an ISO 3166-1 alpha-2 code, or 'polygon'. */
  region: string;
  pictures: readonly MapPicture[];
};

/** Two providers may use the same id for different pictures; within one provider an id is one picture. */
const pictureKey = (picture: MapPicture) => `${picture.provider}\u0000${picture.imageId}`;

export const mapDecider: Decider<MapState, MapCommand, MapEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<MapEvent> {
    switch (command.type) {
      case 'CreateMap': {
        if (state.status === 'created') {
          return state.creatorId === command.creatorId ? [] : reject(409, 'conflict', `mapId: map ${command.mapId} already exists`, 'mapId');
        }
        const name = command.name.trim();
        if (name.length === 0) return reject(400, 'validation_failed', 'name: a map needs a name', 'name');
        if (name.length > MAP_LIMITS.nameMax) return reject(400, 'validation_failed', `name: at most ${MAP_LIMITS.nameMax} characters`, 'name');
        const count = command.pictures.length;
        if (count < MAP_LIMITS.minLocations) {
          return reject(400, 'validation_failed', `pictures: a map needs at least ${MAP_LIMITS.minLocations} locations, this one has ${count}`, 'pictures');
        }
        if (count > MAP_LIMITS.maxLocations) {
          return reject(400, 'validation_failed', `pictures: a map holds at most ${MAP_LIMITS.maxLocations} locations, this one has ${count}`, 'pictures');
        }
        const seen = new Set<string>();
        for (const picture of command.pictures) {
          const key = pictureKey(picture);
          if (seen.has(key)) return reject(400, 'validation_failed', `pictures: ${picture.provider} picture ${picture.imageId} appears twice`, 'pictures');
          seen.add(key);
        }
        return [
          {
            type: 'MapCreated',
            version: 1,
            data: {
              mapId: command.mapId,
              name,
              creatorId: command.creatorId,
              region: command.region,
              pictures: [...command.pictures],
              createdAt: ctx.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event): MapState {
    switch (event.type) {
      case 'MapCreated': {
        const { mapId, name, creatorId, pictures } = event.data;
        return { status: 'created', mapId, name, creatorId, locations: pictures.length };
      }
      default:
        return assertNever(event.type);
    }
  },
};
