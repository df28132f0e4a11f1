import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { publicProfile } from '../projections/user-profile/user-profile.queries.js';

/** The name a map shows for its author, as their profile says when the map is made; null for an anonymous player. */
export async function authorName(reads: ReadStore, userId: string): Promise<string | null> {
  return (await publicProfile(reads, userId))?.name ?? null;
}
