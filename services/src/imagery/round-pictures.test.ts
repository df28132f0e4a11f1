import type { LatLng } from '@globetrail/contracts';
import { greatCircleDistance } from '@globetrail/contracts';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaCandidate } from './imagery.port.js';
import { ProviderHealth } from './provider-health.js';
import { type DrawnLocation, RoundPictures } from './round-pictures.js';

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

/** Drawn map locations: the places of the offline pictures off-0 … off-5, in order. */
const places: DrawnLocation[] = locations.map((picture, idx) => ({ idx, location: { lat: picture.location.lat, lng: picture.location.lng } }));
/** A map of pictures (saved from the generator): each location plays its own picture. */
const asPictures = (pictures: PanoramaCandidate[]): DrawnLocation[] =>
  pictures.map((picture, idx) => ({ idx, location: { ...picture.location, heading: picture.heading, picture: { provider: picture.provider, imageId: picture.imageId } } }));

describe('RoundPictures', () => {
  it('uses the online picture near the first drawn place when the provider has one', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.pick(places, 'places', new Set())).toEqual({ picture: online('p-0', 0), idx: 0 });
    expect(rounds.onlineProvider).toBe('listed');
  });

  it("starts the view where the map's author pointed it, when they did", async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const pointed: DrawnLocation[] = [{ idx: 7, location: { lat: 0, lng: 0, heading: 215 } }];
    expect(await rounds.pick(pointed, 'places', new Set())).toMatchObject({ picture: { imageId: 'p-0', heading: 215 }, idx: 7 });
  });

  it('replaces a place without coverage by the next drawn one', async () => {
    const provider = new ListedProvider([online('p-1', 1)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.pick(places, 'places', new Set())).toMatchObject({ picture: { imageId: 'p-1' }, idx: 1 });
    // Place 0 first (no picture within 2 km), then 1.
    expect(provider.asked.slice(1).map((point) => point.lng)).toEqual([0, 1]);
  });

  it('falls back to the offline picture nearest the first place when none of the drawn places has one, never to nothing', async () => {
    const provider = new ListedProvider([online('p-5', 5)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const drawn: DrawnLocation[] = [{ idx: 3, location: { lat: 0.1, lng: 2.1 } }, { idx: 4, location: { lat: 0, lng: 3 } }];
    expect(await rounds.pick(drawn, 'places', new Set())).toMatchObject({ picture: { provider: 'local', imageId: 'off-2' }, idx: 3 });
    expect(provider.asked.slice(1)).toHaveLength(2);
  });

  it('never shows a picture the game has shown already, online or offline', async () => {
    const provider = new ListedProvider([online('p-0', 0), online('p-1', 1)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.pick(places, 'places', new Set(['p-0']))).toMatchObject({ picture: { imageId: 'p-1' }, idx: 1 });
    const offline = new RoundPictures(null, new OfflineProvider(locations));
    expect(await offline.pick(places, 'places', new Set(['off-0', 'off-1']))).toMatchObject({ picture: { imageId: 'off-2' }, idx: 0 });
  });

  it("passes over the pictures its players saw lately in other games while others remain, then plays them again", async () => {
    const offline = new RoundPictures(null, new OfflineProvider(locations));
    const seen = new Set(['off-0', 'off-1', 'off-2']);
    expect(await offline.pick(places, 'places', new Set(), { avoid: seen })).toMatchObject({ picture: { imageId: 'off-3' } });
    // Everything seen lately or in this game: the game's own rule still holds (a picture it has not shown).
    expect(await offline.pick(places, 'places', new Set(['off-0']), { avoid: new Set(locations.map((picture) => picture.imageId)) })).toMatchObject({ picture: { imageId: 'off-1' } });
    // Online: a photo seen lately is passed over for another near a drawn place, and plays when it is the only one.
    const provider = new ListedProvider([online('p-0', 0), online('p-1', 1)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.pick(places, 'places', new Set(), { avoid: new Set(['p-0']) })).toMatchObject({ picture: { imageId: 'p-1' }, idx: 1 });
    expect(await rounds.pick(places, 'places', new Set(), { avoid: new Set(['p-0', 'p-1']) })).toMatchObject({ picture: { imageId: 'p-0' }, idx: 0 });
  });

  it('uses the offline pictures at once, and marks the provider down, when it fails', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const health = await upHealth(provider);
    const rounds = new RoundPictures({ provider, health }, new OfflineProvider(locations));
    provider.failing = true;
    expect((await rounds.pick(places, 'places', new Set()))?.picture.provider).toBe('local');
    expect(health.current).toBe('down');
    const askedBefore = provider.asked.length;
    expect((await rounds.pick(places, 'places', new Set()))?.picture.provider).toBe('local');
    // Down: the next round does not search it (the background recheck waits a minute).
    expect(provider.asked).toHaveLength(askedBefore);
    expect(rounds.onlineProvider).toBeNull();
  });

  it('uses the offline picture when the online searches take longer than the round may wait', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations), { budgetMs: 50 });
    provider.slowMs = 200;
    expect((await rounds.pick(places, 'places', new Set()))?.picture.provider).toBe('local');
  });

  it("plays a generator map's own pictures as they are while their provider answers, else a fresh offline picture", async () => {
    const saved = [online('p-0', 0), online('p-1', 1), online('p-2', 2)];
    const provider = new ListedProvider(saved);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const asked = provider.asked.length;
    expect(await rounds.pick(asPictures(saved), 'pictures', new Set(['p-0']))).toMatchObject({ picture: { provider: 'listed', imageId: 'p-1', heading: 90 }, idx: 1 });
    expect(provider.asked).toHaveLength(asked);
    provider.failing = true;
    await rounds.pick(places, 'places', new Set());
    const picked = await rounds.pick(asPictures(saved), 'pictures', new Set(['off-0']));
    expect(picked).toMatchObject({ picture: { provider: 'local', imageId: 'off-1' }, idx: 0 });
  });

  it("plays an image map's own pictures as they are, without searching the provider near them", async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const asked = provider.asked.length;
    expect(await rounds.pick(asPictures(locations), 'image', new Set(['off-0']))).toMatchObject({ picture: { provider: 'local', imageId: 'off-1' }, idx: 1 });
    expect(provider.asked).toHaveLength(asked);
  });

  it('with no online provider, plays the offline picture nearest each round, and nothing when nothing was drawn', async () => {
    const rounds = new RoundPictures(null, new OfflineProvider(locations));
    expect(await rounds.pick([{ idx: 9, location: { lat: 1, lng: 4.2 } }], 'places', new Set())).toMatchObject({ picture: { imageId: 'off-4' }, idx: 9 });
    expect(await rounds.pick([], 'places', new Set())).toBeNull();
  });

  it('gives ranked rounds (answer-blind only) an offline picture without asking a provider that is not answer-blind', async () => {
    const provider = new NotAnswerBlindProvider([online('g-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    const asked = provider.asked.length;
    for (let i = 0; i < 10; i++) expect((await rounds.pick(places, 'places', new Set(), { answerBlindOnly: true }))?.picture.provider).toBe('local');
    expect(provider.asked).toHaveLength(asked);
    // Unranked rounds still use it.
    expect(await rounds.pick(places, 'places', new Set())).toMatchObject({ picture: { provider: 'listed', imageId: 'g-0' } });
    // Its own saved pictures are not played in a ranked round either.
    expect(await rounds.pick(asPictures([online('g-0', 0)]), 'pictures', new Set(), { answerBlindOnly: true })).toMatchObject({ picture: { provider: 'local' } });
  });

  it('asks an answer-blind provider as usual when rounds must be answer-blind', async () => {
    const provider = new ListedProvider([online('p-0', 0)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.pick(places, 'places', new Set(), { answerBlindOnly: true })).toMatchObject({ picture: { provider: 'listed', imageId: 'p-0' } });
  });

  it('finds shared locations online first, then offline', async () => {
    const offline = new OfflineProvider([{ provider: 'local', imageId: 'off-9', location: { lat: 10, lng: 10 }, heading: 0 }]);
    const provider = new ListedProvider([online('p-5', 5)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, offline);
    expect((await rounds.near({ lat: 0, lng: 5 }, 25_000))?.imageId).toBe('p-5');
    expect((await rounds.near({ lat: 10, lng: 10.01 }, 25_000))?.imageId).toBe('off-9');
  });

  it("previews a map editor's location: the online picture a round would find, else the nearest offline scene", async () => {
    const provider = new ListedProvider([online('p-5', 5)]);
    const rounds = new RoundPictures({ provider, health: await upHealth(provider) }, new OfflineProvider(locations));
    expect(await rounds.preview({ lat: 0, lng: 5 })).toMatchObject({ picture: { imageId: 'p-5' }, source: 'online' });
    expect(await rounds.preview({ lat: 40, lng: 3.1 })).toMatchObject({ picture: { imageId: 'off-3' }, source: 'offline' });
    const google = new NotAnswerBlindProvider([online('g-0', 0)]);
    const unranked = new RoundPictures({ provider: google, health: await upHealth(google) }, new OfflineProvider(locations));
    expect(await unranked.preview({ lat: 0, lng: 0 })).toMatchObject({ picture: { provider: 'local' }, source: 'offline' });
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
