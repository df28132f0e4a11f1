import type { MapLikeEvent } from '@globetrail/contracts';
import { assertNever, type Decider } from '../decider.js';

/** One player's like of one map (`maplike-{mapId}~{userId}`). */
export interface MapLikeState {
  liked: boolean;
}

/** Sets the like to `liked`; a like already as asked appends nothing, so a retried request is harmless. */
export type MapLikeCommand = { type: 'SetMapLike'; mapId: string; userId: string; liked: boolean };

export const mapLikeDecider: Decider<MapLikeState, MapLikeCommand, MapLikeEvent> = {
  initialState: { liked: false },

  decide(command, state, ctx) {
    if (command.liked === state.liked) return [];
    const { mapId, userId } = command;
    const at = ctx.now.toISOString();
    return command.liked ? [{ type: 'MapLiked', version: 1, data: { mapId, userId, likedAt: at } }] : [{ type: 'MapUnliked', version: 1, data: { mapId, userId, unlikedAt: at } }];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MapLiked':
        return { liked: true };
      case 'MapUnliked':
        return { liked: false };
      default:
        return assertNever(event);
    }
  },
};
