import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { greatCircleDistance, type LatLng } from '@globetrail/contracts';

/**
 * Stand-ins for Panoramax and Mapillary with a picture everywhere, for tests of the whole app: a real HTTP
 * server on 127.0.0.1 answering the calls our adapters make, in the response shapes of the providers'
 * documentation (the adapters' own tests replay the documented fixtures in detail; see
 * services/src/imagery/{panoramax,mapillary}/fixtures/README.md). A search near any point answers one 360°
 * picture about 150 m north-east of it, and every picture's JPEG carries what real ones often do and the
 * game must never pass on: its position (as EXIF-style text, XMP GPS and a comment) and its provider id.
 * Panoramax's place search answers, as the real one would, the nearest picture it already handed out when
 * one lies within the searched distance (a round on a saved map searches at its picture's own position and
 * finds that picture), and a new one otherwise.
 */
export interface StandIn {
  readonly provider: 'panoramax' | 'mapillary';
  readonly base: string;
  /** Every picture handed out, by its provider id (Panoramax: the item UUID; Mapillary: the numeric id). */
  readonly pictures: Map<string, LatLng>;
  /** Paths (with queries) of every request received. */
  readonly requests: string[];
  /** Searches wait, unanswered, from now until `release()`: a test can hold work in flight. */
  holdSearches(): void;
  release(): void;
  /** From now on picture downloads answer 503, as a provider's image servers do when they are down. */
  failImages(failing: boolean): void;
  close(): Promise<void>;
}

const OFFSET_DEGREES = 0.001;

/** A real equirectangular JPEG with the position and id written into APP1 (Exif, XMP) and COM segments. */
export async function leakyJpeg(at: LatLng, pictureId: string): Promise<Buffer> {
  const canvas = createCanvas(512, 256);
  const context = canvas.getContext('2d');
  const sky = context.createLinearGradient(0, 0, 0, 256);
  sky.addColorStop(0, '#7fb2e5');
  sky.addColorStop(1, '#d8e6f0');
  context.fillStyle = sky;
  context.fillRect(0, 0, 512, 128);
  context.fillStyle = '#5b6b4a';
  context.fillRect(0, 128, 512, 128);
  const jpeg = await canvas.encode('jpeg', 80);
  const position = `${at.lat.toFixed(6)},${at.lng.toFixed(6)}`;
  const segment = (marker: number, text: string) => {
    const payload = Buffer.from(text, 'latin1');
    const header = Buffer.from([0xff, marker, 0, 0]);
    header.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([header, payload]);
  };
  const metadata = Buffer.concat([
    segment(0xe1, `Exif\0\0GPSLatitude=${at.lat.toFixed(6)} GPSLongitude=${at.lng.toFixed(6)} ImageUniqueID=${pictureId}`),
    segment(0xe1, `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude="${at.lat}" exif:GPSLongitude="${at.lng}" GPano:ProjectionType="equirectangular" dc:identifier="${pictureId}"/></x:xmpmeta>`),
    segment(0xfe, `taken at ${position} (${pictureId})`),
  ]);
  // After SOI (2 bytes) and before the rest.
  return Buffer.concat([jpeg.subarray(0, 2), metadata, jpeg.subarray(2)]);
}

export async function startStandIn(provider: 'panoramax' | 'mapillary'): Promise<StandIn> {
  const pictures = new Map<string, LatLng>();
  const collections = new Map<string, string>();
  const requests: string[] = [];
  let held: { released: Promise<void>; release: () => void } | null = null;
  let imagesFail = false;
  let base = '';
  const json = (response: import('node:http').ServerResponse, status: number, body: unknown, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type });
    response.end(JSON.stringify(body));
  };
  const pictureNear = (point: LatLng, id: string) => {
    const at = { lat: point.lat + OFFSET_DEGREES, lng: point.lng + OFFSET_DEGREES };
    pictures.set(id, at);
    return at;
  };
  const panoramaxItem = (id: string) => {
    const at = pictures.get(id)!;
    return {
      type: 'Feature',
      stac_version: '1.0.0',
      id,
      collection: collections.get(id),
      geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
      properties: { datetime: '2024-06-14T09:12:31+00:00', license: 'CC-BY-SA-4.0', 'view:azimuth': 90, 'pers:interior_orientation': { field_of_view: 360 } },
      assets: { hd: { href: `${base}/api/pictures/${id}/hd.jpg`, type: 'image/jpeg', roles: ['data'] } },
      links: [],
    };
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    requests.push(`${url.pathname}${url.search}`);
    void (async () => {
      if (provider === 'panoramax') {
        if (url.pathname === '/api/search') {
          await held?.released;
          const [lng, lat] = (url.searchParams.get('place_position') ?? '').split(',').map(Number);
          const point = { lat: lat!, lng: lng! };
          const reach = Number((url.searchParams.get('place_distance') ?? '0-0').split('-')[1]);
          const known = [...pictures]
            .map(([id, at]) => ({ id, distance: greatCircleDistance(point, at) }))
            .filter(({ distance }) => distance <= reach)
            .sort((a, b) => a.distance - b.distance)[0];
          const id = known?.id ?? randomUUID();
          if (!known) {
            collections.set(id, randomUUID());
            pictureNear(point, id);
          }
          return json(response, 200, { type: 'FeatureCollection', features: [panoramaxItem(id)], links: [] }, 'application/geo+json');
        }
        const item = /^\/api\/collections\/[^/]+\/items\/([^/]+)$/.exec(url.pathname);
        if (item && pictures.has(item[1]!)) return json(response, 200, panoramaxItem(item[1]!), 'application/geo+json');
        const image = /^\/api\/pictures\/([^/]+)\/hd\.jpg$/.exec(url.pathname);
        if (image && imagesFail) return json(response, 503, { message: 'Service unavailable', status_code: 503 });
        if (image && pictures.has(image[1]!)) {
          response.writeHead(200, { 'content-type': 'image/jpeg' });
          return response.end(await leakyJpeg(pictures.get(image[1]!)!, image[1]!));
        }
        return json(response, 404, { message: 'Item not found', status_code: 404 });
      }
      if (url.pathname === '/images') {
        await held?.released;
        const [minLng, minLat, maxLng, maxLat] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
        const id = String(1e15 + pictures.size);
        const at = pictureNear({ lat: (minLat! + maxLat!) / 2, lng: (minLng! + maxLng!) / 2 }, id);
        return json(response, 200, { data: [{ id, computed_geometry: { type: 'Point', coordinates: [at.lng, at.lat] }, computed_compass_angle: 90, is_pano: true, sequence: 'seq1' }] });
      }
      const thumb = /^\/thumbs\/(\d+)\.jpg$/.exec(url.pathname);
      if (thumb && pictures.has(thumb[1]!)) {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(await leakyJpeg(pictures.get(thumb[1]!)!, thumb[1]!));
      }
      const one = /^\/(\d+)$/.exec(url.pathname);
      if (one && pictures.has(one[1]!)) {
        const at = pictures.get(one[1]!)!;
        return json(response, 200, { id: one[1], computed_geometry: { type: 'Point', coordinates: [at.lng, at.lat] }, is_pano: true, thumb_original_url: `${base}/thumbs/${one[1]}.jpg` });
      }
      return json(response, 400, { error: { message: 'Unsupported get request. Object with ID does not exist', type: 'GraphMethodException', code: 100, error_subcode: 33 } });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    provider,
    base,
    pictures,
    requests,
    holdSearches() {
      if (held) return;
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      held = { released, release };
    },
    release() {
      held?.release();
      held = null;
    },
    failImages(failing) {
      imagesFail = failing;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
