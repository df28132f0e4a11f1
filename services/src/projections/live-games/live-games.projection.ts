import { type GameEvent, type GameStatus, readModelCollections } from '@globetrail/contracts';
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
  return STATUS_AFTER[event.type] ?? null;
}

const STATUS_AFTER: Partial<Record<GameEvent['type'], GameStatus>> = {
  GameCreated: 'C',
  GameRestarted: 'C',
  GameLaunched: 'G',
  RoundStarting: 'SIN',
  RoundStarted: 'SED',
  RoundEnded: 'R_ED',
  GameEnded: 'G_ED',
  GameAbandoned: 'G_ABON',
};

/**
 * Each game's status, written only when it changes. The whole game is not kept here: GET /games/{id} folds
 * the game's own stream (a few hundred events at most), and the gateways keep the games they serve in
 * memory, so a marker move costs the read models nothing.
 */
export const liveGamesProjection = defineProjection({
  name: 'live-games',
  collections: [collection],
  indexes: [{ collection, fields: ['status'] }],
  // Only the events that move the status: the others (62 % of a game's are marker moves) are passed over unread.
  handles: Object.keys(STATUS_AFTER) as Array<GameEvent['type']>,
  async apply({ event, streamId, position }) {
    const status = statusAfter(event);
    if (status === null) return [];
    const doc: LiveGameDoc = { id: streamId.slice('game-'.length), status };
    return [upsert(collection, doc, position)];
  },
});
