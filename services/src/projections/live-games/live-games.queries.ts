import { type GameView, readModelCollections } from '@globetrail/contracts';
import { spectatorView, viewFor } from '../../domain/game/view-filter.js';
import type { FullGameView } from '../../domain/game/game-view.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { LiveGameDoc } from './live-games.projection.js';

/** What one viewer may see: a player's own view, anyone else the spectators' delayed one. */
export function viewAs(full: FullGameView, viewerId: string | null, spectatorDelayPhases: number, now: number): GameView {
  return viewerId !== null && viewerId in full.live.us ? viewFor(full, { playerId: viewerId }, now) : spectatorView(full, spectatorDelayPhases, now);
}

export async function runningGameIds(reads: ReadStore): Promise<string[]> {
  const running = await reads.list<LiveGameDoc>(readModelCollections.liveGames, { filter: { status: { $in: ['C', 'G', 'SIN', 'SED', 'R_ED'] } }, limit: 100_000 });
  return running.map((game) => game.id);
}
