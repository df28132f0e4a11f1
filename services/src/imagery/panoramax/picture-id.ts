/**
 * Panoramax names a picture by its sequence (STAC collection) and its own id, both UUIDs: the item route
 * is `/api/collections/{collectionId}/items/{itemId}`. Our image id carries both, as
 * `<collectionId>/<itemId>`. Ids reach us from outside (search answers, and back from the round store), so
 * each half must be a UUID before it goes into a URL: nothing else can name another path or add a query.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PictureRef {
  collectionId: string;
  itemId: string;
}

export const isPanoramaxUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const pictureImageId = ({ collectionId, itemId }: PictureRef): string => `${collectionId}/${itemId}`;

/** Null for anything but two UUIDs joined by one slash. */
export function parsePictureImageId(imageId: string): PictureRef | null {
  const parts = imageId.split('/');
  if (parts.length !== 2) return null;
  const [collectionId, itemId] = parts;
  return isPanoramaxUuid(collectionId) && isPanoramaxUuid(itemId) ? { collectionId, itemId } : null;
}
