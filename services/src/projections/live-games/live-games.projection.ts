import { allGameEventTypes, type GameStatus, readModelCollections } from '@globetrail/contracts';
import { type FullGameView, projectGameView } from '../../domain/game/game-view.js';
import type { Document } from '../../platform/read-store/read-store.port.js';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.liveGames;

/** Server-only: holds every answer. Queries filter it per viewer (viewFor / spectatorView) before it leaves. */
export interface LiveGameDoc extends Document {
  id: string;
  status: GameStatus;
  full: FullGameView;
}

/** Each live game's full view, as GET /games/{id} serves it (filtered) and the timers find running games. */
export const liveGamesProjection = defineProjection({
  name: 'live-games',
  collections: [collection],
  indexes: [{ collection, fields: ['status'] }],
  handles: allGameEventTypes,
  async apply({ event, streamId, revision, position }, documents) {
    const id = streamId.slice('game-'.length);
    const previous = await documents.get<LiveGameDoc>(collection, id);
    const full = projectGameView(previous?.full ?? null, event, Number(revision));
    const doc: LiveGameDoc = { id, status: full.live.status, full };
    return [upsert(collection, doc, position)];
  },
});
