import { createHmac, hkdfSync } from 'node:crypto';
import { ImageryUnavailableError, type PanoramaImage } from '../imagery.port.js';
import { FIXED_VIEW_WINDOW } from '@globetrail/contracts';
import { FairQueue, type QueuePriority } from '../../platform/concurrency/fair-queue.js';
import type { PictureStore } from '../../platform/pictures/picture-store.port.js';
import { UnreadablePictureError, varyPicture } from './vary-picture.js';

/** How long an encoded round picture stays in a shared picture store: longer than any round. */
export const SHARED_VARIANT_TTL_SECONDS = 2 * 3600;

/** A picture as one round serves it. */
export interface RoundPicture {
  provider: string;
  imageId: string;
  /** The round's own token: the seed is the round's and the picture's, so each round gets other bytes. */
  roundToken: string;
  /** The round's turn (PanoramaRef.yawOffset), 0 when its pictures are not turned. */
  yawOffset: number;
  /** The bearing the provider's picture's centre faces (PanoramaCandidate.centre), 0 for north. */
  centre: number;
  /** Serve only the window around this start heading (an NMPZ round: FIXED_VIEW_WINDOW), turned to face it. */
  window?: { heading: number };
}

export interface PictureVariantsOptions {
  /** Bound on the variants kept in memory, in bytes (default 64 MiB): reloads and the other players of a round get them without an encode. */
  cacheBytes?: number;
  /** Pictures re-encoded at once (default 1, which leaves the other core of a 2-core machine to requests); the others wait their turn. */
  concurrency?: number;
  /** The re-encoder (default varyPicture); tests watch it. */
  vary?: typeof varyPicture;
  /** Called after each encode that succeeded, saying whether it was warming (metrics). */
  onEncoded?: (reason: 'warmed' | 'requested') => void;
  /**
   * A picture store every replica shares (the full stack's GridFS): a variant is looked for there before it
   * is encoded, and put there once encoded, so the replica that warmed a live round's picture serves the
   * players of every other. A store that is not shared is not used (this process's memory is enough).
   */
  store?: PictureStore;
}

/**
 * Who a picture is fetched for: a key per player (or per live game, whose players share its pictures), and
 * whether the round is live or timed (its clock runs while the player waits).
 */
export interface PictureRequester {
  key: string;
  urgent?: boolean;
}
const URGENT: QueuePriority = 0;
const REQUESTED: QueuePriority = 1;
const WARMING: QueuePriority = 2;

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Warmings loading or waiting at once; more are skipped (their players' requests encode them). Each holds
 * its provider's picture in memory while it waits, and a busy server must not queue work without bound.
 */
export const MAX_WARMING = 4;

/**
 * Serves every picture re-encoded for the round that shows it (see varyPicture), so the same place never
 * yields the same bytes in two rounds and a client cannot answer by looking up a remembered hash, size or
 * width. Within a round a picture is stable: its seed is an HMAC of the round's token and the picture,
 * under a key derived from the server's secret (a client that knows the algorithm and its token still
 * cannot work the choices out), so a reload, another player of the same live round, or a move back to a
 * picture gets the same bytes, from memory while they are cached and re-encoded identically after that.
 */
export class PictureVariants {
  private readonly seedKey: Buffer;
  private readonly cacheBytes: number;
  private readonly vary: typeof varyPicture;
  private readonly onEncoded: (reason: 'warmed' | 'requested') => void;
  /** Seed (hex) → variant, least recently used first (a Map keeps insertion order). */
  private readonly cache = new Map<string, PanoramaImage>();
  private cachedBytes = 0;
  /** Encodes under way or waiting, by seed: concurrent requests for one variant share one. */
  private readonly pending = new Map<string, { result: Promise<PanoramaImage>; ask: (priority: QueuePriority) => void }>();
  /**
   * Loading (for a painted picture: painting) and re-encoding, `concurrency` at once: players' requests
   * before warming, live and timed rounds' before the rest, and among equals round robin over the players
   * asking, so one player fetching sixty fresh pictures delays another's by one picture, not sixty.
   */
  private readonly queue: FairQueue;
  private warming = 0;
  private readonly shared: PictureStore | null;
  /** Variants being put in the shared store (not awaited by the request that encoded them). */
  private readonly sharing = new Set<Promise<void>>();

  constructor(secret: Buffer, options: PictureVariantsOptions = {}) {
    if (secret.length < 32) throw new Error('a picture variant secret needs at least 32 bytes');
    this.seedKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'globetrail picture variants: seed key', 32));
    this.cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.vary = options.vary ?? varyPicture;
    this.onEncoded = options.onEncoded ?? (() => undefined);
    this.shared = options.store?.shared ? options.store : null;
    if (!(this.cacheBytes >= 0)) throw new RangeError(`cacheBytes must be 0 or more: ${this.cacheBytes}`);
    // One player's pictures one at a time: with two places, the other stays free for everyone else.
    const concurrency = options.concurrency ?? 1;
    this.queue = new FairQueue(concurrency, Math.max(1, concurrency - 1));
  }

  /** The seed of a picture in a round: 32 bytes nobody without the server's secret can compute. */
  seedOf(picture: Pick<RoundPicture, 'provider' | 'imageId' | 'roundToken'>): Buffer {
    return createHmac('sha256', this.seedKey).update(JSON.stringify([picture.roundToken, picture.provider, picture.imageId])).digest();
  }

  /**
   * The round's variant of the picture `original` loads (stripped of metadata, as ServedImages serves it),
   * for `requester` (who the round is for; see PictureRequester). Throws ImageryUnavailableError when the
   * original cannot be loaded or decoded; a failure is not kept.
   */
  serve(picture: RoundPicture, original: () => Promise<PanoramaImage>, requester?: PictureRequester): Promise<PanoramaImage> {
    // Without a requester, each round is its own.
    return this.variant(picture, original, requester?.key ?? `round:${picture.roundToken}`, requester?.urgent ? URGENT : REQUESTED);
  }

  /**
   * Encodes a round's picture ahead of its players' requests (a live round's countdown), behind every
   * request waiting; a request for it meanwhile shares the encode and moves it up to a request's place.
   * Resolves when it is ready or has failed (a failure is not kept: the request tries again).
   */
  async warm(picture: RoundPicture, original: () => Promise<PanoramaImage>): Promise<void> {
    if (this.warming >= MAX_WARMING) return;
    this.warming += 1;
    try {
      await this.variant(picture, original, `round:${picture.roundToken}`, WARMING).catch(() => undefined);
    } finally {
      this.warming -= 1;
    }
  }

  private variant(picture: RoundPicture, original: () => Promise<PanoramaImage>, requester: string, priority: QueuePriority): Promise<PanoramaImage> {
    const seed = this.seedOf(picture);
    const key = seed.toString('hex');
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.pending.get(key);
    if (pending) {
      pending.ask(priority);
      return pending.result;
    }
    // Turned so that its centre faces the round's yawOffset as a compass bearing, wherever the camera faced.
    let requested = priority !== WARMING;
    // An NMPZ round's window is cut around its start view: turned so that faces the middle.
    const turn = (picture.window ? picture.window.heading : picture.yawOffset) - picture.centre;
    const task = this.queue.run(requester, priority, () => this.encodeOrShared(key, () => this.encode(seed, turn, original, requested, picture.window !== undefined)));
    const result = task.result.finally(() => this.pending.delete(key));
    this.pending.set(key, {
      result,
      ask: (asked) => {
        if (asked !== WARMING) requested = true;
        task.raise(asked);
      },
    });
    result.then((image) => this.remember(key, image), () => undefined);
    return result;
  }

  /** The variant another replica encoded, else encoded here and shared (a failure to share is not the request's). */
  private async encodeOrShared(key: string, encode: () => Promise<PanoramaImage>): Promise<PanoramaImage> {
    const store = this.shared;
    if (!store) return encode();
    const sharedKey = `variants/${key}.jpg`;
    const found = await store.get(sharedKey).catch(() => null);
    if (found) return { body: found.body, contentType: found.contentType };
    const image = await encode();
    const put = store.put(sharedKey, image.body, { contentType: image.contentType, ttlSeconds: SHARED_VARIANT_TTL_SECONDS }).catch(() => undefined);
    this.sharing.add(put);
    void put.finally(() => this.sharing.delete(put));
    return image;
  }

  /** Resolves once every variant encoded so far is in the shared store (or failed to get there). */
  async settled(): Promise<void> {
    await Promise.all([...this.sharing]);
  }

  private async encode(seed: Buffer, yawOffset: number, original: () => Promise<PanoramaImage>, requested: boolean, window: boolean): Promise<PanoramaImage> {
    const source = await original();
    try {
      const { body } = await this.vary(source.body, seed, yawOffset, window ? { window: FIXED_VIEW_WINDOW } : {});
      this.onEncoded(requested ? 'requested' : 'warmed');
      return { body, contentType: 'image/jpeg' };
    } catch (error) {
      if (error instanceof UnreadablePictureError) throw new ImageryUnavailableError(error.message);
      throw error;
    }
  }

  private remember(key: string, image: PanoramaImage): void {
    if (image.body.length > this.cacheBytes) return;
    this.cache.set(key, image);
    this.cachedBytes += image.body.length;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= entry.body.length;
    }
  }
}
