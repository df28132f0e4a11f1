import { allGameEventTypes, type GameEvent, type GameStatus, readModelCollections } from '@globetrail/contracts';
import type { Document } from '../../platform/read-store/read-store.port.js';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.liveGames;

/** A game and the status it is in: which games are running (the round timers pick theirs up after a restart). */
export interface LiveGameDoc extends Document {
  id: string;
  status: GameStatus;
}

/**
 * The status a game is in after `event`, or null for an event that leaves it where it was (players, guesses,
 * chat: most of a game's events). The game view (game-view.ts) moves `status` on the same events.
 */
export function statusAfter(event: GameEvent): GameStatus | null {
  switch (event.type) {
    case 'GameCreated':
    case 'GameRestarted':
      return 'C';
    case 'GameLaunched':
      return 'G';
    case 'RoundStarting':
      return 'SIN';
    case 'RoundStarted':
      return 'SED';
    case 'RoundEnded':
      return 'R_ED';
    case 'GameEnded':
      return 'G_ED';
    case 'GameAbandoned':
      return 'G_ABON';
    default:
      return null;
  }
}

/**
 * Each game's status, written only when it changes. The whole game is not kept here: GET /games/{id} folds
 * the game's own stream (a few hundred events at most), and the gateways keep the games they serve in
 * memory, so a marker move costs the read models nothing.
 */
export const liveGamesProjection = defineProjection({
  name: 'live-games',
  collections: [collection],
  indexes: [{ collection, fields: ['status'] }],
  handles: allGameEventTypes,
  async apply({ event, streamId, position }) {
    const status = statusAfter(event);
    if (status === null) return [];
    const doc: LiveGameDoc = { id: streamId.slice('game-'.length), status };
    return [upsert(collection, doc, position)];
  },
});
