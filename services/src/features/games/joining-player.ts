import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { JoiningPlayer } from '../../domain/game/game.commands.js';
import type { Principal } from '../../identity/identity.port.js';
import { arenaRating } from '../../projections/arena-ratings/arena-ratings.queries.js';

/** A player as a game records them: the identity's name and, for signed-up players, their arena rating. */
export async function joiningPlayer(reads: ReadStore, principal: Principal): Promise<JoiningPlayer> {
  const rating = principal.isAnonymous ? null : await arenaRating(reads, principal.uid);
  return {
    id: principal.uid,
    name: principal.isAnonymous ? 'Anonymous' : (rating?.name ?? principal.name ?? 'Anonymous'),
    isAnonymous: principal.isAnonymous,
    elo: principal.isAnonymous ? null : (rating?.elo ?? null),
  };
}
