import { type MapLikeDoc, readModelCollections } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { mapLikeId } from './map-likes.projection.js';

const collection = readModelCollections.mapLikes;

/** Which of these maps the player likes. */
export async function likedAmong(reads: ReadStore, userId: string, mapIds: readonly string[]): Promise<Set<string>> {
  if (mapIds.length === 0) return new Set();
  const likes = await reads.list<MapLikeDoc>(collection, { filter: { id: { $in: mapIds.map((mapId) => mapLikeId(userId, mapId)) } } });
  return new Set(likes.map((like) => like.mapId));
}

/** The player's likes, most recent first. */
export function likesOf(reads: ReadStore, userId: string, page: number, pageSize: number): Promise<MapLikeDoc[]> {
  return reads.list<MapLikeDoc>(collection, { filter: { userId }, sort: [['likedAt', 'desc']], skip: page * pageSize, limit: pageSize });
}

export const countLikesOf = (reads: ReadStore, userId: string) => reads.count(collection, { userId });

export async function likes(reads: ReadStore, userId: string, mapId: string): Promise<boolean> {
  return (await reads.get<MapLikeDoc>(collection, mapLikeId(userId, mapId))) !== null;
}
