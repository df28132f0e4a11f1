import type { LatLng } from '@globetrail/contracts';
import { greatCircleDistance } from '@globetrail/contracts';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaCandidate } from './imagery.port.js';
import { ProviderHealth } from './provider-health.js';
import { RoundPictures } from './round-pictures.js';

/** Map locations with their offline pictures: ids off-0 … off-5, a degree apart along the equator. */
const locations: PanoramaCandidate[] = Array.from({ length: 6 }, (_, i) => ({ provider: 'local', imageId: `off-${i}`, location: { lat: 0, lng: i }, heading: 0 }));

/**
 * An online provider over a fixed list of pictures, answering like the port says (nearest within the
 * radius, or null); `failing` makes every search throw ImageryUnavailableError, `slowMs` delays answers.
 * It records every point it was asked about.
 */
class ListedProvider implements ImageryProvider {
  readonly name: string = 'listed';
  readonly answerBlind: boolean = true;
  readonly asked: LatLng[] = [];
  failing = false;
  slowMs = 0;

  constructor(private readonly pictures: PanoramaCandidate[]) {}

  list(): readonly PanoramaCandidate[] {
    return this.pictures;
  }

  async findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    this.asked.push(location);
    if (this.slowMs) await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    if (this.failing) throw new ImageryUnavailableError('listed is unavailable (circuit open)');
    const near = this.pictures
      .map((picture) => ({ picture, distance: greatCircleDistance(location, picture.location) }))
      .filter(({ distance }) => distance <= radiusMeters)
      .sort((a, b) => a.distance - b.distance);
    return near[0]?.picture ?? null;
  }

  async fetchImage(): Promise<never> {
    throw new ImageryUnavailableError('not needed here');
  }
}

/** A provider shown by its own viewer (like Google Street View): the browser learns its picture ids. */
class NotAnswerBlindProvider extends ListedProvider {
  override readonly answerBlind: boolean = false;
}

/** The local store's part: offline pictures, named 'local' like the real one. */
class OfflineProvider extends ListedProvider {
  override readonly name: string = 'local';
}

const online = (id: string, lng: number): PanoramaCandidate => ({ provider: 'listed', imageId: id, location: { lat: 0.001, lng }, heading: 90 });

async function upHealth(provider: ImageryProvider): Promise<ProviderHealth> {
  const health = new ProviderHealth(provider.name, () => provider.findNear({ lat: 0, lng: 0 }, 1));
  await health.check();
  return health;
}

/** Keeps the locations in their order (Fisher–Yates swapping each one with itself). */
const inOrder = () => 0.999_999;

describe('RoundPictures', () => {
  it('uses the online picture near the chosen location when the provider has one', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const picture = await rounds.next(locations, new Set(), inOrder);
    expect(picture).toMatchObject({ provider: 'listed', imageId: 'p-0' });
    expect(rounds.onlineProvider).toBe('listed');
  });

  it('replaces a location without coverage by the next fresh one', async () => {
    const provider = new ListedProvider([online('p-1', 1)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const picture = await rounds.next(locations, new Set(), inOrder);
    expect(picture?.imageId).toBe('p-1');
    // Location 0 first (no picture within 2 km), then 1.
    expect(provider.asked.slice(1).map((point) => point.lng)).toEqual([0, 1]);
  });

  it('falls back to the offline picture of the first location after its attempts, never to nothing', async () => {
    const provider = new ListedProvider([online('p-5', 5)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations), { attempts: 2 });
    const picture = await rounds.next(locations, new Set(), inOrder);
    expect(picture).toMatchObject({ provider: 'local', imageId: 'off-0' });
    expect(provider.asked.slice(1)).toHaveLength(2);
  });

  it('never shows an online picture the game has shown already', async () => {
    const provider = new ListedProvider([online('p-0', 0), online('p-1', 1)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect((await rounds.next(locations, new Set(['p-0']), inOrder))?.imageId).toBe('p-1');
  });

  it('uses the offline pictures at once, and marks the provider down, when it fails', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const health = await upHealth(provider);
    const rounds = new RoundPictures({ provider, health }, new OfflineProvider(locations));
    provider.failing = true;
    expect((await rounds.next(locations, new Set(), inOrder))?.provider).toBe('local');
    expect(health.current).toBe('down');
    const askedBefore = provider.asked.length;
    expect((await rounds.next(locations, new Set(), inOrder))?.provider).toBe('local');
    // Down: the next round does not search it (the background recheck waits a minute).
    expect(provider.asked).toHaveLength(askedBefore);
    expect(rounds.onlineProvider).toBeNull();
  });

  it('uses the offline picture when the online searches take longer than the round may wait', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations), { budgetMs: 50 });
    provider.slowMs = 200;
    expect((await rounds.next(locations, new Set(), inOrder))?.provider).toBe('local');
  });

  it('plays a fresh offline picture for a map of online pictures while their provider is down', async () => {
    const saved = [online('p-0', 0), online('p-1', 1), online('p-2', 2), online('p-3', 3), online('p-4', 4)];
    const provider = new ListedProvider(saved);
    const health = await upHealth(provider);
    const rounds = new RoundPictures({ provider, health }, new OfflineProvider(locations));
    expect((await rounds.next(saved, new Set(), inOrder))?.imageId).toBe('p-0');
    provider.failing = true;
    const seen = new Set(['off-0', 'off-1']);
    const picture = await rounds.next(saved, seen, inOrder);
    expect(picture?.provider).toBe('local');
    expect(seen.has(picture!.imageId)).toBe(false);
  });

  it("plays an image map's own pictures as they are, without searching the provider near them", async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const asked = provider.asked.length;
    expect(await rounds.next(locations, new Set(['off-0']), inOrder, { ownPictures: true })).toMatchObject({ provider: 'local', imageId: 'off-1' });
    expect(provider.asked).toHaveLength(asked);
  });

  it('with no online provider, plays the offline pictures, fresh ones first', async () => {
    const rounds = new RoundPictures(null, new OfflineProvider([]));
    const seen = new Set(['off-0', 'off-1']);
    for (let i = 0; i < 20; i++) expect(seen.has((await rounds.next(locations, seen, Math.random))!.imageId)).toBe(false);
    expect(await rounds.next([], new Set(), Math.random)).toBeNull();
  });

  it('gives ranked rounds (answer-blind only) an offline picture without asking a provider that is not answer-blind', async () => {
    const provider = new NotAnswerBlindProvider([online('g-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const asked = provider.asked.length;
    for (let i = 0; i < 10; i++) {
      const picture = await rounds.next(locations, new Set(), Math.random, { answerBlindOnly: true });
      expect(picture?.provider).toBe('local');
    }
    expect(provider.asked).toHaveLength(asked);
    // Unranked rounds still use it.
    expect(await rounds.next(locations, new Set(), inOrder)).toMatchObject({ provider: 'listed', imageId: 'g-0' });
  });

  it('asks an answer-blind provider as usual when rounds must be answer-blind', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.next(locations, new Set(), inOrder, { answerBlindOnly: true })).toMatchObject({ provider: 'listed', imageId: 'p-0' });
  });

  it('finds shared locations online first, then offline', async () => {
    const offline = new OfflineProvider([{ provider: 'local', imageId: 'off-9', location: { lat: 10, lng: 10 }, heading: 0 }]);
    const provider = new ListedProvider([online('p-5', 5)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, offline);
    expect((await rounds.near({ lat: 0, lng: 5 }, 25_000))?.imageId).toBe('p-5');
    expect((await rounds.near({ lat: 10, lng: 10.01 }, 25_000))?.imageId).toBe('off-9');
  });
});

describe('ProviderHealth', () => {
  it('is unavailable until its first probe answers, and probes a provider found down again after the wait', async () => {
    let now = 0;
    let answers = false;
    let probes = 0;
    const health = new ProviderHealth('p', async () => {
      probes += 1;
      if (!answers) throw new Error('getaddrinfo ENOTFOUND');
    }, { recheckMs: 60_000, now: () => now });
    expect(health.available()).toBe(false);
    await health.check();
    expect(health.current).toBe('down');
    answers = true;
    now = 30_000;
    expect(health.available()).toBe(false);
    expect(probes).toBe(1);
    now = 61_000;
    expect(health.available()).toBe(false);
    await health.check();
    expect(health.available()).toBe(true);
  });
});
