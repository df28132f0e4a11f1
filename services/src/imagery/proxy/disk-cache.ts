import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedImage {
  body: Buffer;
  contentType: string;
}

export interface DiskImageCacheOptions {
  /** Bound on the files' total size; least recently used files go first when it is passed. */
  maxBytes: number;
}

/** A cached file: `<64 hex>.img`. Temporary files of writes that never finished end in `.tmp`. */
const CACHE_FILE = /^[0-9a-f]{64}\.img$/;
const TEMPORARY_FILE = /\.tmp$/;
/** Content types are one printable line: the file's first. */
const CONTENT_TYPE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

const fileNameOf = (key: string) => `${createHash('sha256').update(key, 'utf8').digest('hex')}.img`;
const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Provider images on local disk, so a round's picture is fetched from the provider once and served many
 * times. A file is named by the SHA-256 of its key, never by the key: keys carry provider image ids, which
 * must not show up in directory listings or logs, and may hold any character (`/`, `..`). Each file is the
 * content type on one line, then the bytes, so an image and its type are written together: to a temporary
 * file first, then renamed, so a crash never leaves half an image under a real name.
 *
 * The total size is kept under `maxBytes` by deleting the least recently used files. Recency lives in
 * memory (seeded from file modification times when the cache opens, and written back to them on every hit)
 * so a restart keeps both the files and roughly their order. One process owns a directory.
 */
export class DiskImageCache {
  private readonly maxBytes: number;
  /** File name → size, least recently used first (a Map keeps insertion order). */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  /** Lookups under way, by file name: concurrent calls for one key share one fetch. */
  private readonly pending = new Map<string, Promise<CachedImage>>();

  constructor(
    private readonly dir: string,
    options: DiskImageCacheOptions,
  ) {
    if (!(options.maxBytes > 0)) throw new RangeError(`maxBytes must be a positive number: ${options.maxBytes}`);
    this.maxBytes = options.maxBytes;
    mkdirSync(dir, { recursive: true });
    const found: { name: string; size: number; mtimeMs: number }[] = [];
    for (const name of readdirSync(dir)) {
      if (TEMPORARY_FILE.test(name)) rmSync(join(dir, name), { force: true });
      if (!CACHE_FILE.test(name)) continue;
      const { size, mtimeMs } = statSync(join(dir, name));
      found.push({ name, size, mtimeMs });
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { name, size } of found) this.remember(name, size);
    // The bound may have been lowered since the files were written.
    for (const name of this.evictionVictims()) rmSync(join(dir, name), { force: true });
  }

  /** Bytes the cached files take on disk. */
  get totalBytes(): number {
    return this.bytes;
  }

  get count(): number {
    return this.files.size;
  }

  async get(key: string): Promise<CachedImage | null> {
    const name = fileNameOf(key);
    if (!this.files.has(name)) return null;
    const path = join(this.dir, name);
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch (error) {
      // Evicted while we were reading, or removed by hand: a miss either way.
      if (isMissingFile(error)) {
        this.forget(name);
        return null;
      }
      throw error;
    }
    const lineEnd = data.indexOf(0x0a);
    const contentType = lineEnd > 0 ? data.subarray(0, lineEnd).toString('latin1') : '';
    if (!CONTENT_TYPE.test(contentType)) {
      this.forget(name);
      await rm(path, { force: true });
      return null;
    }
    if (this.files.has(name)) this.remember(name, this.files.get(name)!);
    const now = new Date();
    // Only for the order after a restart: a failed touch costs nothing worse than an early eviction.
    await utimes(path, now, now).catch(() => undefined);
    return { body: data.subarray(lineEnd + 1), contentType };
  }

  /** Keeps the image unless it alone is larger than `maxBytes`; then evicts down to the bound. */
  async put(key: string, image: CachedImage): Promise<void> {
    if (!CONTENT_TYPE.test(image.contentType)) {
      throw new TypeError(`content type must be one printable line: ${JSON.stringify(image.contentType)}`);
    }
    const data = Buffer.concat([Buffer.from(`${image.contentType}\n`, 'latin1'), image.body]);
    if (data.length > this.maxBytes) return;
    const name = fileNameOf(key);
    const path = join(this.dir, name);
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.remember(name, data.length);
    await Promise.all(this.evictionVictims().map((victim) => rm(join(this.dir, victim), { force: true })));
  }

  /**
   * The cached image, or the one `fetch` gets, which is then kept. Calls for a key while one is under way
   * share its result. A fetch that fails is not cached: the next call tries again. An image that could not
   * be written (disk full) is still returned; the cache is an optimisation, not a store.
   */
  getOrFetch(key: string, fetch: () => Promise<CachedImage>): Promise<CachedImage> {
    const name = fileNameOf(key);
    const underWay = this.pending.get(name);
    if (underWay) return underWay;
    const lookup = (async () => {
      const cached = await this.get(key);
      if (cached) return cached;
      const image = await fetch();
      await this.put(key, image).catch(() => undefined);
      return image;
    })().finally(() => this.pending.delete(name));
    this.pending.set(name, lookup);
    return lookup;
  }

  /** Marks a file as the most recently used one. */
  private remember(name: string, size: number): void {
    this.forget(name);
    this.files.set(name, size);
    this.bytes += size;
  }

  private forget(name: string): void {
    const size = this.files.get(name);
    if (size === undefined) return;
    this.files.delete(name);
    this.bytes -= size;
  }

  /**
   * Takes the least recently used files out of the index until the total fits, and returns their names
   * for the caller to delete. The index changes at once, so concurrent puts never pick the same victim.
   */
  private evictionVictims(): string[] {
    const victims: string[] = [];
    for (const name of this.files.keys()) {
      if (this.bytes <= this.maxBytes) break;
      victims.push(name);
      this.forget(name);
    }
    return victims;
  }
}
