import { createCanvas } from '@napi-rs/canvas';
import { createProviderHttp, type ResilientHttpOptions } from '../http/resilient-http.js';
import { ImageryUnavailableError } from '../imagery.port.js';
import { bytes, failure, fixture, ReplayServer, stall } from './fixtures/replay-server.js';
import { PanoramaxProvider } from './panoramax-provider.js';

// Ids and places of the fixture files (see fixtures/README.md).
const SEQUENCE = '3f6c0e1a-7b2d-4c89-9e15-2a4b6c8d0e1f';
const A = 'a7e3c1f0-2b4d-4e6a-8c9b-1d2e3f405162';
const PREV = 'd0c1b2a3-9485-4766-a5b4-c3d2e1f00918';
const NEXT = 'f9e8d7c6-b5a4-4392-8180-7f6e5d4c3b2a';
const FLAT = '2d3e4f50-6172-4839-a4b5-c6d7e8f90a1b';
const OLDER_SEQUENCE = 'c47a9b10-5d2e-4f31-a6b8-0c9d1e2f3a4b';
const OLDER = 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7';
const NOTRE_DAME = { lat: 48.8534, lng: 2.3488 };

const itemPath = (collection: string, item: string) => `/api/collections/${collection}/items/${item}`;
const hdPath = (item: string) => `/api/pictures/${item}/hd.jpg`;

let server: ReplayServer;
let waits: number[];

beforeEach(async () => {
  server = await ReplayServer.start();
  waits = [];
});

afterEach(() => server.close());

/** The real HTTP client, with its waits between retries recorded instead of slept. */
function panoramax(http: Partial<ResilientHttpOptions> = {}) {
  const client = createProviderHttp({
    provider: 'panoramax',
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...http,
  });
  return new PanoramaxProvider({ baseUrl: server.base, http: client });
}

async function smallJpeg(): Promise<Buffer> {
  const canvas = createCanvas(64, 32);
  const context = canvas.getContext('2d');
  context.fillStyle = '#4a7ab0';
  context.fillRect(0, 0, 64, 16);
  context.fillStyle = '#7a6a50';
  context.fillRect(0, 16, 64, 16);
  return canvas.encode('jpeg');
}

describe('PanoramaxProvider.findNear', () => {
  it('picks the nearest 360° picture, passing over a nearer flat photo', async () => {
    server.on('/api/search', fixture('search-near-notre-dame.json'));

    const found = await panoramax().findNear(NOTRE_DAME, 50);

    expect(found).toEqual({
      provider: 'panoramax',
      imageId: `${SEQUENCE}/${A}`,
      location: { lat: 48.8534, lng: 2.34895 },
      heading: 358,
      centre: 358,
    });
  });

  it('asks for pictures around the point, longitude first, within the radius in whole metres', async () => {
    server.on('/api/search', fixture('search-empty.json'));

    await panoramax().findNear(NOTRE_DAME, 49.2);

    expect(server.received).toHaveLength(1);
    const [search] = server.received;
    expect(search!.method).toBe('GET');
    expect(search!.path).toBe('/api/search');
    expect(Object.fromEntries(search!.query)).toEqual({
      place_position: '2.3488000,48.8534000',
      place_distance: '0-50',
      place_fov_tolerance: '2',
      limit: '20',
    });
  });

  it('recognises an older panorama by its XMP projection, and faces it north when it has no heading', async () => {
    server.on('/api/search', fixture('search-older-360-only.json'));

    const found = await panoramax().findNear(NOTRE_DAME, 50);

    expect(found).toMatchObject({ imageId: `${OLDER_SEQUENCE}/${OLDER}`, heading: 0 });
  });

  it('answers null when the search finds nothing', async () => {
    server.on('/api/search', fixture('search-empty.json'));

    await expect(panoramax().findNear(NOTRE_DAME, 50)).resolves.toBeNull();
  });

  it('never offers a picture beyond the radius, whatever the search returned', async () => {
    server.on('/api/search', fixture('search-near-notre-dame.json'));

    await expect(panoramax().findNear(NOTRE_DAME, 8)).resolves.toBeNull();
  });

  it('retries a search that failed with a 500 and uses the answer that follows', async () => {
    server.on('/api/search', failure(500), fixture('search-near-notre-dame.json'));

    const found = await panoramax().findNear(NOTRE_DAME, 50);

    expect(found?.imageId).toBe(`${SEQUENCE}/${A}`);
    expect(server.requestsTo('/api/search')).toHaveLength(2);
    expect(waits).toEqual([200]);
  });

  it('gives up with ImageryUnavailableError when the search stalls past the timeout', async () => {
    server.on('/api/search', stall);

    const search = panoramax({ timeoutMs: 100, retries: 1 }).findNear(NOTRE_DAME, 50);

    await expect(search).rejects.toThrow(ImageryUnavailableError);
    await expect(search).rejects.toThrow(/timed out after 100 ms/);
    expect(server.requestsTo('/api/search')).toHaveLength(2);
  });

  it('treats an instance without a search route (404) as unavailable, not as empty', async () => {
    await expect(panoramax().findNear(NOTRE_DAME, 50)).rejects.toThrow(ImageryUnavailableError);
  });
});

describe('PanoramaxProvider.fetchImage', () => {
  it('downloads the HD JPEG of the picture', async () => {
    const jpeg = await smallJpeg();
    server.on(itemPath(SEQUENCE, A), fixture('item-a-360.json')).on(hdPath(A), bytes(jpeg, 'image/jpeg'));

    const image = await panoramax().fetchImage(`${SEQUENCE}/${A}`);

    expect(image.contentType).toBe('image/jpeg');
    expect(image.body.equals(jpeg)).toBe(true);
    expect(server.received.map((request) => request.path)).toEqual([itemPath(SEQUENCE, A), hdPath(A)]);
  });

  it('falls back to the SD picture when the item has no HD asset', async () => {
    const jpeg = await smallJpeg();
    const withoutHd = fixture('item-a-360.json', (item) => delete (item.assets as Record<string, unknown>).hd);
    server.on(itemPath(SEQUENCE, A), withoutHd).on(`/api/pictures/${A}/sd.jpg`, bytes(jpeg, 'image/jpeg; charset=binary'));

    const image = await panoramax().fetchImage(`${SEQUENCE}/${A}`);

    expect(image.body.equals(jpeg)).toBe(true);
  });

  it('names the picture when it no longer exists (404), and asks for no image', async () => {
    const fetching = panoramax().fetchImage(`${SEQUENCE}/${A}`);

    await expect(fetching).rejects.toThrow(ImageryUnavailableError);
    await expect(fetching).rejects.toThrow(`Panoramax picture ${SEQUENCE}/${A} does not exist`);
    expect(server.received.map((request) => request.path)).toEqual([itemPath(SEQUENCE, A)]);
  });

  it('names the picture when its image file is gone (404)', async () => {
    server.on(itemPath(SEQUENCE, A), fixture('item-a-360.json'));

    await expect(panoramax().fetchImage(`${SEQUENCE}/${A}`)).rejects.toThrow(
      new ImageryUnavailableError(`Panoramax picture ${SEQUENCE}/${A}: its image file is gone (404)`),
    );
  });

  it('refuses an image that is not a JPEG', async () => {
    server.on(itemPath(SEQUENCE, A), fixture('item-a-360.json')).on(hdPath(A), bytes(await smallJpeg(), 'image/webp'));

    await expect(panoramax().fetchImage(`${SEQUENCE}/${A}`)).rejects.toThrow(/came as image\/webp, not image\/jpeg/);
  });

  it('refuses bytes that are labelled a JPEG but are not one', async () => {
    server.on(itemPath(SEQUENCE, A), fixture('item-a-360.json')).on(hdPath(A), bytes(Buffer.from('<html>busy</html>'), 'image/jpeg'));

    await expect(panoramax().fetchImage(`${SEQUENCE}/${A}`)).rejects.toThrow(ImageryUnavailableError);
  });

  it('will not serve a flat photo as a round picture', async () => {
    server.on(itemPath(SEQUENCE, FLAT), fixture('item-f3-flat.json'));

    await expect(panoramax().fetchImage(`${SEQUENCE}/${FLAT}`)).rejects.toThrow(/not a 360° JPEG panorama/);
    expect(server.received).toHaveLength(1);
  });
});

describe('PanoramaxProvider.neighbours', () => {
  it('offers the previous and next pictures of the sequence, nearest first', async () => {
    server
      .on(itemPath(SEQUENCE, A), fixture('item-a-360.json'))
      .on(itemPath(SEQUENCE, PREV), fixture('item-p-360-first-of-sequence.json'))
      .on(itemPath(SEQUENCE, NEXT), fixture('item-n-360.json'));

    const neighbours = await panoramax().neighbours(`${SEQUENCE}/${A}`);

    expect(neighbours).toEqual([
      { provider: 'panoramax', imageId: `${SEQUENCE}/${PREV}`, location: { lat: 48.85336, lng: 2.34895 }, heading: 1, centre: 1 },
      { provider: 'panoramax', imageId: `${SEQUENCE}/${NEXT}`, location: { lat: 48.853479, lng: 2.34895 }, heading: 3, centre: 3 },
    ]);
  });

  it('leaves out a flat neighbour', async () => {
    server
      .on(itemPath(SEQUENCE, NEXT), fixture('item-n-360.json'))
      .on(itemPath(SEQUENCE, A), fixture('item-a-360.json'))
      .on(itemPath(SEQUENCE, FLAT), fixture('item-f3-flat.json'));

    const neighbours = await panoramax().neighbours(`${SEQUENCE}/${NEXT}`);

    expect(neighbours.map((neighbour) => neighbour.imageId)).toEqual([`${SEQUENCE}/${A}`]);
  });

  it('leaves out a neighbour that has disappeared since (404)', async () => {
    server.on(itemPath(SEQUENCE, PREV), fixture('item-p-360-first-of-sequence.json'));

    await expect(panoramax().neighbours(`${SEQUENCE}/${PREV}`)).resolves.toEqual([]);
    expect(server.requestsTo(itemPath(SEQUENCE, A))).toHaveLength(1);
  });

  it('names the picture when it no longer exists (404)', async () => {
    await expect(panoramax().neighbours(`${SEQUENCE}/${A}`)).rejects.toThrow(`Panoramax picture ${SEQUENCE}/${A} does not exist`);
  });
});

describe('picture ids that come back from outside', () => {
  it.each([
    ['a path out of the API', '../../api/users/me'],
    ['a dot segment between the halves', `${SEQUENCE}/../${A}`],
    ['a query', `${SEQUENCE}/${A}?limit=1`],
    ['a fragment', `${SEQUENCE}/${A}#x`],
    ['a third segment', `${SEQUENCE}/${A}/..`],
    ['an encoded slash', `${SEQUENCE}%2F${A}`],
    ['one half only', A],
    ['a space', `${SEQUENCE}/ ${A}`],
    ['nothing', ''],
  ])('are refused before any request: %s', async (_, imageId) => {
    const provider = panoramax();

    await expect(provider.fetchImage(imageId)).rejects.toThrow(ImageryUnavailableError);
    await expect(provider.neighbours(imageId)).rejects.toThrow(ImageryUnavailableError);
    expect(server.received).toEqual([]);
  });
});

describe('PanoramaxProvider configuration', () => {
  it.each(['ftp://api.panoramax.xyz', 'api.panoramax.xyz', 'https://api.panoramax.xyz/?token=1'])('refuses the base URL %s', (baseUrl) => {
    const http = createProviderHttp({ provider: 'panoramax' });
    expect(() => new PanoramaxProvider({ baseUrl, http })).toThrow(/Panoramax base URL/);
  });

  it('is answer-blind', () => {
    expect(panoramax()).toMatchObject({ name: 'panoramax', answerBlind: true });
  });
});
