import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImageCache, type CachedImage } from './disk-cache.js';

/** 100 bytes of body + 'image/jpeg\n' = 111 bytes on disk. */
const image = (fill: number, length = 100): CachedImage => ({ body: Buffer.alloc(length, fill), contentType: 'image/jpeg' });
const FILE_BYTES = 111;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('DiskImageCache', () => {
  let root: string;
  let dir: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'globetrail-image-cache-'));
    dir = join(root, 'cache');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('misses, then hits what was put, under a hashed file name', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    await expect(cache.get('mapillary:123')).resolves.toBeNull();

    await cache.put('mapillary:123', image(1));

    await expect(cache.get('mapillary:123')).resolves.toEqual(image(1));
    await expect(cache.get('mapillary:124')).resolves.toBeNull();
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.img$/)]);
    expect(cache.totalBytes).toBe(FILE_BYTES);
  });

  it('replaces an image put again under the same key, counting its size once', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    await cache.put('k', image(1));
    await cache.put('k', { body: Buffer.from('<svg/>'), contentType: 'image/svg+xml' });

    await expect(cache.get('k')).resolves.toEqual({ body: Buffer.from('<svg/>'), contentType: 'image/svg+xml' });
    expect(cache.totalBytes).toBe('image/svg+xml\n<svg/>'.length);
    expect(cache.count).toBe(1);
  });

  it('fetches once for concurrent calls with one key, and serves everyone that result', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    const answer = deferred<CachedImage>();
    let fetches = 0;
    const fetch = () => {
      fetches += 1;
      return answer.promise;
    };

    const calls = [1, 2, 3, 4, 5].map(() => cache.getOrFetch('panoramax:abc', fetch));
    const other = cache.getOrFetch('panoramax:other', async () => image(9));
    answer.resolve(image(2));

    expect(await Promise.all(calls)).toEqual(Array(5).fill(image(2)));
    expect(fetches).toBe(1);
    await expect(other).resolves.toEqual(image(9));
    await expect(cache.getOrFetch('panoramax:abc', fetch)).resolves.toEqual(image(2));
    expect(fetches).toBe(1);
    await expect(cache.get('panoramax:abc')).resolves.toEqual(image(2));
  });

  it('does not cache a failed fetch: everyone waiting sees the failure, the next call fetches again', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    const answer = deferred<CachedImage>();
    let fetches = 0;

    const calls = [1, 2, 3].map(() =>
      cache.getOrFetch('k', () => {
        fetches += 1;
        return answer.promise;
      }),
    );
    answer.reject(new Error('provider down'));

    for (const call of calls) await expect(call).rejects.toThrow('provider down');
    expect(fetches).toBe(1);
    await expect(cache.get('k')).resolves.toBeNull();
    await expect(cache.getOrFetch('k', async () => image(3))).resolves.toEqual(image(3));
    await expect(cache.get('k')).resolves.toEqual(image(3));
  });

  it('evicts the least recently used images when the total passes maxBytes', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 3 * FILE_BYTES + 50 });
    await cache.put('a', image(1));
    await cache.put('b', image(2));
    await cache.put('c', image(3));
    await expect(cache.get('a')).resolves.toEqual(image(1));

    await cache.put('d', image(4));

    await expect(cache.get('b')).resolves.toBeNull();
    for (const [key, fill] of [['a', 1], ['c', 3], ['d', 4]] as const) {
      await expect(cache.get(key)).resolves.toEqual(image(fill));
    }
    expect(cache.totalBytes).toBe(3 * FILE_BYTES);
    expect(await readdir(dir)).toHaveLength(3);

    // Reads since: a, c, d. A bigger image pushes out the two oldest.
    await cache.put('e', image(5, 200));
    expect(await Promise.all(['a', 'c', 'd', 'e'].map(async (key) => (await cache.get(key)) !== null))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(cache.totalBytes).toBe(FILE_BYTES + 211);
  });

  it('serves an image larger than maxBytes without keeping it', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 2 * FILE_BYTES });
    await cache.put('small', image(1));
    let fetches = 0;
    const fetchHuge = async () => {
      fetches += 1;
      return image(7, 5000);
    };

    await expect(cache.getOrFetch('huge', fetchHuge)).resolves.toEqual(image(7, 5000));
    await expect(cache.getOrFetch('huge', fetchHuge)).resolves.toEqual(image(7, 5000));

    expect(fetches).toBe(2);
    await expect(cache.get('huge')).resolves.toBeNull();
    await expect(cache.get('small')).resolves.toEqual(image(1));
    expect(cache.totalBytes).toBe(FILE_BYTES);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('finds its images, their total and their order again after a restart', async () => {
    const first = new DiskImageCache(dir, { maxBytes: 3 * FILE_BYTES });
    await first.put('old', image(1));
    await first.put('new', image(2));
    await writeFile(join(dir, `${'0'.repeat(64)}.img.1234.tmp`), 'half a write');
    // Modification times are the order a new instance starts from: make them unambiguous.
    await utimes(fileOf(dir, 'old'), new Date('2030-01-01'), new Date('2030-01-01'));
    await utimes(fileOf(dir, 'new'), new Date('2020-01-01'), new Date('2020-01-01'));

    const second = new DiskImageCache(dir, { maxBytes: 3 * FILE_BYTES });

    expect(second.totalBytes).toBe(2 * FILE_BYTES);
    expect(second.count).toBe(2);
    expect(await readdir(dir)).toHaveLength(2);
    await second.put('third', image(3));
    await second.put('fourth', image(4));
    await expect(second.get('new')).resolves.toBeNull();
    await expect(second.get('old')).resolves.toEqual(image(1));
    expect(second.totalBytes).toBe(3 * FILE_BYTES);
  });

  it('remembers a hit across a restart', async () => {
    const first = new DiskImageCache(dir, { maxBytes: 3 * FILE_BYTES });
    await first.put('read', image(1));
    await first.put('unread', image(2));
    await utimes(fileOf(dir, 'read'), new Date('2020-01-01'), new Date('2020-01-01'));
    await utimes(fileOf(dir, 'unread'), new Date('2021-01-01'), new Date('2021-01-01'));
    await expect(first.get('read')).resolves.toEqual(image(1));

    const second = new DiskImageCache(dir, { maxBytes: 3 * FILE_BYTES });
    await second.put('third', image(3));
    await second.put('fourth', image(4));

    await expect(second.get('unread')).resolves.toBeNull();
    await expect(second.get('read')).resolves.toEqual(image(1));
  });

  it('evicts at open when maxBytes was lowered', async () => {
    const first = new DiskImageCache(dir, { maxBytes: 10_000 });
    for (const key of ['a', 'b', 'c']) await first.put(key, image(1));

    const smaller = new DiskImageCache(dir, { maxBytes: 2 * FILE_BYTES });

    expect(smaller.totalBytes).toBe(2 * FILE_BYTES);
    expect(await readdir(dir)).toHaveLength(2);
  });

  it('keeps keys with slashes, dots and any other characters inside its folder', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    const keys = ['../../escape', '..', 'a/b/c', '/etc/passwd', 'mapillary:ünïcødé\n?*', ''];

    for (const [index, key] of keys.entries()) await cache.put(key, image(index));

    for (const [index, key] of keys.entries()) await expect(cache.get(key)).resolves.toEqual(image(index));
    const names = await readdir(dir);
    expect(names).toHaveLength(keys.length);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{64}\.img$/);
    expect((await readdir(root)).sort()).toEqual(['cache']);
  });

  it('refuses a content type that is not one printable line', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    await expect(cache.put('k', { body: Buffer.from('x'), contentType: 'image/jpeg\nevil' })).rejects.toThrow(TypeError);
    await expect(cache.put('k', { body: Buffer.from('x'), contentType: '' })).rejects.toThrow(TypeError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('treats a file that disappeared as a miss and stops counting it', async () => {
    const cache = new DiskImageCache(dir, { maxBytes: 10_000 });
    await cache.put('k', image(1));
    await rm(fileOf(dir, 'k'));

    await expect(cache.get('k')).resolves.toBeNull();
    expect(cache.totalBytes).toBe(0);
  });
});

/** The cache's documented naming: SHA-256 of the key, in hex. */
const fileOf = (dir: string, key: string) => join(dir, `${createHash('sha256').update(key).digest('hex')}.img`);
