/**
 * Pictures every replica must see alike (issue 29): players' uploads for image maps and round pictures
 * already encoded for a round, by key. Local files on the embedded stack (one process: nothing to share);
 * MongoDB GridFS on the full stack, so an upload taken by one api replica plays on every other, and a live
 * round's picture encoded by the replica that warmed it serves the players of every other. The contract
 * suite beside this file runs on both (GridFS's when MONGO_URL is set).
 */
export type PictureMetadata = Record<string, string | number | boolean | null>;

export interface StoredPicture {
  body: Buffer;
  contentType: string;
  metadata: PictureMetadata;
}

export interface PutOptions {
  contentType?: string;
  metadata?: PictureMetadata;
  /** Forgotten after this long (a round's encoded picture); kept until deleted without it. */
  ttlSeconds?: number;
}

export interface PictureStore {
  /** Every process using the store sees the same pictures (false: this process's files only). */
  readonly shared: boolean;
  /** Stores or replaces the picture under `key` (`kind/name`: letters, digits, `.`, `-`, `_`). */
  put(key: string, body: Buffer, options?: PutOptions): Promise<void>;
  /** The picture, or null when there is none or it expired. */
  get(key: string): Promise<StoredPicture | null>;
  /** Its content type and metadata without the body, or null. */
  head(key: string): Promise<Omit<StoredPicture, 'body'> | null>;
  delete(key: string): Promise<void>;
  /** Removes every expired picture (the stores also refuse to answer with one); returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

const KEY = /^[a-z][a-z0-9-]{0,31}\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/** Throws unless `key` is `kind/name` as the port allows (never a path out of its folder). */
export function checkPictureKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new TypeError(`picture store: invalid key ${JSON.stringify(key)}`);
  return key;
}

/** When a picture put now with `ttlSeconds` expires (ms since the epoch), or null. */
export function expiryOf(ttlSeconds: number | undefined, now = Date.now()): number | null {
  if (ttlSeconds === undefined) return null;
  if (!(ttlSeconds > 0)) throw new RangeError(`picture store: ttlSeconds must be more than 0, got ${ttlSeconds}`);
  return now + ttlSeconds * 1000;
}
