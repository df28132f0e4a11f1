import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { greatCircleDistance, type LatLng } from '@globetrail/contracts';
import { createCanvas } from '@napi-rs/canvas';
import { createProviderHttp, type ResilientHttpOptions } from '../http/resilient-http.js';
import { ImageryUnavailableError } from '../imagery.port.js';
import { MapillaryProvider } from './mapillary-provider.js';

const TOKEN = 'MLY|4242424242424242|0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const SEQUENCE_ID = 'Xb2fLq0rTmd7WcYvN3kZ8p';
const LUND: LatLng = { lat: 55.7047, lng: 13.191 };
const METERS_PER_DEGREE_LAT = 111_195;

type Entity = { id: string } & Record<string, unknown>;
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const entities = (name: string) => (fixture(name) as { data: Entity[] }).data;

interface Received {
  path: string;
  query: URLSearchParams;
  raw: string;
  authorization: string | undefined;
}

interface Scripted {
  status: number;
  body?: unknown;
  delayMs?: number;
}

interface GraphFixture {
  origin: string;
  received: Received[];
  /** Answers to the next requests, in order, instead of the fixtures. */
  script: Scripted[];
  /** What the thumbnail addresses serve. */
  cdn: { status: number; body: Buffer; contentType: string; delayMs: number };
  /** A world image's thumbnail address as the adapter sees it. */
  thumb(id: string, field: 'thumb_original_url' | 'thumb_2048_url'): string;
  close(): Promise<void>;
}

const servers: GraphFixture[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * Mapillary's Graph API on 127.0.0.1, replaying the fixtures as the API documents them: `/images` lists the
 * world's images inside `bbox` (without applying `is_pano`, so the adapter's own check is tested too),
 * `/{id}` answers one image, both with only the fields asked for; `/image_ids?sequence_id=` answers the
 * sequence fixture; an unknown id gets the API's "does not exist" 400. Thumbnail addresses are rewritten
 * from the CDN's host to `/cdn` on this server.
 */
async function graphServer(world: Entity[]): Promise<GraphFixture> {
  const received: Received[] = [];
  const script: Scripted[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const cdn: GraphFixture['cdn'] = { status: 200, body: Buffer.alloc(0), contentType: 'image/jpeg', delayMs: 0 };
  let origin = '';
  const rewrite = (url: unknown) => (typeof url === 'string' ? url.replace(/^https:\/\/[^/]+\.fbcdn\.net/, `${origin}/cdn`) : url);
  const project = (image: Entity, fields: string[]) =>
    Object.fromEntries(fields.filter((field) => field in image).map((field) => [field, rewrite(image[field])]));
  const positionOf = (image: Entity) => {
    const point = (image.computed_geometry ?? image.geometry) as { coordinates: [number, number] };
    return point.coordinates;
  };

  const answer = (response: ServerResponse, status: number, body: unknown, delayMs = 0) => {
    const send = () => {
      if (Buffer.isBuffer(body)) response.writeHead(status, { 'content-type': cdn.contentType }).end(body);
      else response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    };
    if (delayMs === 0) return send();
    const timer = setTimeout(send, delayMs);
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    received.push({ path: url.pathname, query: url.searchParams, raw: request.url ?? '', authorization: request.headers.authorization });
    const scripted = script.shift();
    if (scripted) return answer(response, scripted.status, scripted.body, scripted.delayMs);
    const fields = (url.searchParams.get('fields') ?? 'id').split(',');
    if (url.pathname.startsWith('/cdn/')) return answer(response, cdn.status, cdn.body, cdn.delayMs);
    if (url.pathname === '/images') {
      const [minLon, minLat, maxLon, maxLat] = (url.searchParams.get('bbox') ?? '').split(',').map(Number) as number[];
      const inside = world.filter((image) => {
        const [lng, lat] = positionOf(image);
        return lng >= minLon! && lng <= maxLon! && lat >= minLat! && lat <= maxLat!;
      });
      return answer(response, 200, { data: inside.map((image) => project(image, fields)) });
    }
    if (url.pathname === '/image_ids') {
      const listed = url.searchParams.get('sequence_id') === SEQUENCE_ID;
      return answer(response, 200, listed ? fixture('image-ids-sequence.json') : { data: [] });
    }
    const image = world.find((candidate) => `/${candidate.id}` === url.pathname);
    if (image) return answer(response, 200, project(image, fields));
    answer(response, 400, fixture('error-object-does-not-exist.json'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fixtureServer: GraphFixture = {
    origin,
    received,
    script,
    cdn,
    thumb: (id, field) => rewrite(world.find((image) => image.id === id)?.[field]) as string,
    close: () => {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(fixtureServer);
  return fixtureServer;
}

function mapillary(server: GraphFixture, http: Partial<ResilientHttpOptions> = {}, imageTimeoutMs?: number) {
  // Retries come at once: the waits between them are resilient-http's business and tested there.
  const client = createProviderHttp({ provider: 'mapillary', sleep: () => Promise.resolve(), ...http });
  return new MapillaryProvider({ token: TOKEN, baseUrl: server.origin, http: client, imageTimeoutMs });
}

const bboxOf = (request: Received) => (request.query.get('bbox') ?? '').split(',').map(Number) as [number, number, number, number];
const areaOf = ([minLon, minLat, maxLon, maxLat]: number[]) => (maxLon! - minLon!) * (maxLat! - minLat!);
/** How far north and south of its centre a box reaches, in metres. */
const halfHeight = ([, minLat, , maxLat]: number[]) => ((maxLat! - minLat!) / 2) * METERS_PER_DEGREE_LAT;
const south = (from: LatLng, meters: number): LatLng => ({ lat: from.lat - meters / METERS_PER_DEGREE_LAT, lng: from.lng });

async function smallJpeg(): Promise<Buffer> {
  const canvas = createCanvas(16, 8);
  const context = canvas.getContext('2d');
  context.fillStyle = '#4a7a3c';
  context.fillRect(0, 0, 16, 8);
  return canvas.encode('jpeg');
}

describe('MapillaryProvider.findNear', () => {
  it('finds the nearest panorama, passing over a nearer flat photo, with the token in a header and the bbox as minLon,minLat,maxLon,maxLat', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const provider = mapillary(server);

    await expect(provider.findNear(LUND, 2_000)).resolves.toEqual({
      provider: 'mapillary',
      imageId: '1183741452319210',
      location: { lat: 55.70524, lng: 13.191 },
      heading: 87.5,
      centre: 87.5,
    });
    expect(provider).toMatchObject({ name: 'mapillary', answerBlind: true });
    expect(server.received).toHaveLength(1);
    const [search] = server.received as [Received];
    expect(search.path).toBe('/images');
    expect(search.query.get('is_pano')).toBe('true');
    expect(search.query.get('fields')?.split(',')).toEqual(
      expect.arrayContaining(['id', 'computed_geometry', 'geometry', 'computed_compass_angle', 'compass_angle', 'is_pano']),
    );
    const [minLon, minLat, maxLon, maxLat] = bboxOf(search);
    expect([minLon, maxLon].every((lng) => lng > 13.18 && lng < 13.2)).toBe(true);
    expect([minLat, maxLat].every((lat) => lat > 55.7 && lat < 55.71)).toBe(true);
    expect(minLon < LUND.lng && LUND.lng < maxLon && minLat < LUND.lat && LUND.lat < maxLat).toBe(true);
    expect(greatCircleDistance(LUND, { lat: LUND.lat, lng: minLon })).toBeCloseTo(100, 0);
    expect(search.authorization).toBe(`OAuth ${TOKEN}`);
    expect(decodeURIComponent(search.raw)).not.toContain(TOKEN);
    expect(search.raw).not.toContain('access_token');
  });

  it('takes the raw position and compass angle when Mapillary has computed none', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const westOfTheFlatPhotos = { lat: 55.7047, lng: 13.187808 };

    await expect(mapillary(server).findNear(westOfTheFlatPhotos, 2_000)).resolves.toEqual({
      provider: 'mapillary',
      imageId: '502218384398112',
      location: { lat: 55.7047, lng: 13.188606 },
      heading: 270.4,
      centre: 270.4,
    });
  });

  it('grows its box from 100 m by four times until a panorama lies within its reach', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const kilometreSouthOfOne = south({ lat: 55.693908, lng: 13.191 }, 1_000);

    await expect(mapillary(server).findNear(kilometreSouthOfOne, 2_000)).resolves.toMatchObject({ imageId: '776504893171206' });
    expect(server.received.map((request) => Math.round(halfHeight(bboxOf(request))))).toEqual([100, 400, 1600]);
  });

  it('looks one box further when the panorama it found lies in a corner, beyond the distance the box reaches everywhere', async () => {
    const server = await graphServer(entities('images-box-corner.json'));
    const center = { lat: 55.72, lng: 13.19 };

    await expect(mapillary(server).findNear(center, 2_000)).resolves.toMatchObject({ imageId: '6120583394017746' });
    expect(server.received).toHaveLength(2);
  });

  it('never asks for a box of 0.01 square degrees or more, so a large radius is searched only as far as the largest box reaches', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const provider = mapillary(server);
    const panorama = { lat: 55.693908, lng: 13.191 };

    await expect(provider.findNear(south(panorama, 3_500), 25_000)).resolves.toMatchObject({ imageId: '776504893171206' });
    await expect(provider.findNear(south(panorama, 4_500), 25_000)).resolves.toBeNull();
    const areas = server.received.map((request) => areaOf(bboxOf(request)));
    expect(Math.max(...areas)).toBeLessThan(0.01);
    expect(Math.max(...areas)).toBeGreaterThan(0.008);
  });

  it('answers null when Mapillary lists no images', async () => {
    const server = await graphServer(entities('images-empty.json'));

    await expect(mapillary(server).findNear(LUND, 300)).resolves.toBeNull();
    expect(server.received.map((request) => Math.round(halfHeight(bboxOf(request))))).toEqual([100, 300]);
  });

  it.each([
    [401, 'error-invalid-token.json'],
    [400, 'error-bbox-too-large.json'],
  ])('turns a %i with a Graph API error body into ImageryUnavailableError that does not quote the token', async (status, body) => {
    const server = await graphServer(entities('images-around-lund.json'));
    server.script.push({ status, body: fixture(body) });

    const error = await mapillary(server).findNear(LUND, 2_000).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ImageryUnavailableError);
    expect((error as Error).message).toContain(String(status));
    expect(`${(error as Error).message} ${(error as Error).stack}`).not.toContain('MLY|');
    expect(server.received).toHaveLength(1);
  });

  it('retries a 500 and finds the panorama on the next answer', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    server.script.push({ status: 500, body: fixture('error-reduce-data.json') });

    await expect(mapillary(server).findNear(LUND, 2_000)).resolves.toMatchObject({ imageId: '1183741452319210' });
    expect(server.received.map((request) => request.raw)).toEqual([server.received[0]!.raw, server.received[0]!.raw]);
  });

  it('gives up with ImageryUnavailableError when Mapillary answers slower than the timeout', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const slow = { status: 200, body: fixture('images-empty.json'), delayMs: 10_000 };
    server.script.push(slow, slow);

    const error = await mapillary(server, { timeoutMs: 100, retries: 1 }).findNear(LUND, 2_000).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ImageryUnavailableError);
    expect((error as Error).message).toMatch(/timed out after 100 ms/);
    expect(server.received).toHaveLength(2);
  });
});

describe('MapillaryProvider.fetchImage', () => {
  it('downloads the original from its signed address, without the token', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const jpeg = await smallJpeg();
    server.cdn.body = jpeg;

    await expect(mapillary(server).fetchImage('1183741452319210')).resolves.toEqual({ body: jpeg, contentType: 'image/jpeg' });
    const [lookup, download] = server.received as [Received, Received];
    expect(lookup.path).toBe('/1183741452319210');
    expect(lookup.query.get('fields')?.split(',')).toEqual(expect.arrayContaining(['thumb_original_url', 'thumb_2048_url']));
    expect(lookup.authorization).toBe(`OAuth ${TOKEN}`);
    expect(`${server.origin}${download.raw}`).toBe(server.thumb('1183741452319210', 'thumb_original_url'));
    expect(download.authorization).toBeUndefined();
  });

  it('gives the download its own, longer timeout', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    server.cdn.body = await smallJpeg();
    server.cdn.delayMs = 600;

    await expect(mapillary(server, { timeoutMs: 400 }, 5_000).fetchImage('1183741452319210')).resolves.toMatchObject({
      contentType: 'image/jpeg',
    });
    expect(server.received.filter((request) => request.path.startsWith('/cdn/'))).toHaveLength(1);
  });

  it('falls back to the 2048 px thumbnail when there is no original', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    server.cdn.body = await smallJpeg();

    await mapillary(server).fetchImage('502218384398112');
    expect(`${server.origin}${server.received[1]!.raw}`).toBe(server.thumb('502218384398112', 'thumb_2048_url'));
  });

  it('names the picture when Mapillary does not know it (404, or its "does not exist" 400)', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const provider = mapillary(server);
    server.script.push({ status: 404, body: fixture('error-object-does-not-exist.json') });

    await expect(provider.fetchImage('1183741452319210')).rejects.toThrow(new ImageryUnavailableError('mapillary has no picture 1183741452319210'));
    await expect(provider.fetchImage('9999999999999999')).rejects.toThrow(/HTTP 400.*\/9999999999999999/);
    await expect(provider.fetchImage('9999999999999999')).rejects.toBeInstanceOf(ImageryUnavailableError);
  });

  it('refuses a flat photo, a picture gone from the image server and bytes that are not a JPEG', async () => {
    const server = await graphServer(entities('images-around-lund.json'));
    const provider = mapillary(server);

    await expect(provider.fetchImage('2841153062731755')).rejects.toThrow(
      new ImageryUnavailableError('mapillary picture 2841153062731755 is not a panorama'),
    );
    expect(server.received.map((request) => request.path)).toEqual(['/2841153062731755']);

    server.cdn.status = 404;
    await expect(provider.fetchImage('1183741452319210')).rejects.toThrow(
      new ImageryUnavailableError('mapillary picture 1183741452319210 is gone from its image server'),
    );

    Object.assign(server.cdn, { status: 200, body: Buffer.from('<html>expired</html>'), contentType: 'text/html' });
    await expect(provider.fetchImage('1183741452319210')).rejects.toThrow(
      new ImageryUnavailableError('mapillary picture 1183741452319210 is not a JPEG (text/html)'),
    );
  });
});

describe('MapillaryProvider.neighbours', () => {
  it('gives the panoramas before and after a picture in its sequence, nearest first', async () => {
    const server = await graphServer(entities('images-sequence.json'));

    const neighbours = await mapillary(server).neighbours('3950117526124802');
    expect(neighbours).toEqual([
      { provider: 'mapillary', imageId: '3950117526124801', location: { lat: 55.71, lng: 13.2 }, heading: 1.5, centre: 1.5 },
      { provider: 'mapillary', imageId: '3950117526124803', location: { lat: 55.71018, lng: 13.2 }, heading: 0.8, centre: 0.8 },
    ]);
    const [current, sequence] = server.received as [Received, Received];
    expect(current.path).toBe('/3950117526124802');
    expect(current.query.get('fields')?.split(',')).toContain('sequence');
    expect(sequence.path).toBe('/image_ids');
    expect(sequence.query.get('sequence_id')).toBe(SEQUENCE_ID);
    expect(server.received.every((request) => request.authorization === `OAuth ${TOKEN}`)).toBe(true);
  });

  it('leaves out a flat neighbour, and has one neighbour at the start of a sequence', async () => {
    const server = await graphServer(entities('images-sequence.json'));
    const provider = mapillary(server);

    await expect(provider.neighbours('3950117526124803')).resolves.toMatchObject([{ imageId: '3950117526124802' }]);
    await expect(provider.neighbours('3950117526124801')).resolves.toMatchObject([{ imageId: '3950117526124802' }]);
  });
});

describe('MapillaryProvider ids', () => {
  it.each(['../images', '1183741452319210?fields=creator', '1183741452319210/detections', '', 'abc', '12 34', '١٢٣'])(
    'refuses %j before any request',
    async (imageId) => {
      const server = await graphServer(entities('images-around-lund.json'));
      const provider = mapillary(server);

      await expect(provider.fetchImage(imageId)).rejects.toBeInstanceOf(ImageryUnavailableError);
      await expect(provider.neighbours(imageId)).rejects.toBeInstanceOf(ImageryUnavailableError);
      expect(server.received).toHaveLength(0);
    },
  );

  it('refuses a token that is not a Mapillary client token, without quoting it', () => {
    const http = createProviderHttp({ provider: 'mapillary' });
    expect(() => new MapillaryProvider({ token: 'secret-oauth-token', http })).toThrow(/^(?!.*secret)/);
  });
});
