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
 *
 * Every picture a search hands out is the middle one of a sequence of 5 along a straight line (about 15 m
 * apart), which the providers' sequence calls answer as they document them: Panoramax items carry `prev`
 * and `next` links, Mapillary images a `sequence` whose `image_ids` are listed in order. The others are
 * found only by moving along the sequence; searches never answer them.
 */
export interface StandIn {
  readonly provider: 'panoramax' | 'mapillary';
  readonly base: string;
  /**
   * Every picture the stand-in knows, searched or reachable along a sequence, by its provider id (Panoramax:
   * the item UUID; Mapillary: the numeric id).
   */
  readonly pictures: Map<string, LatLng>;
  /** The ids of the sequence a picture belongs to, in order (the picture among them). */
  sequenceOf(pictureId: string): string[];
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
const SEQUENCE_LENGTH = 5;
const SEQUENCE_MIDDLE = 2;
/** About 11 m north and 11 m east of the previous picture at 48°N: a street heading north-east. */
const SEQUENCE_STEP = { lat: 0.0001, lng: 0.00015 };

const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

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
  // A red post due north. The stand-ins' cameras face east (their centre is bearing 90), so north is a
  // quarter turn left of the centre: column 128.
  context.fillStyle = '#ff0000';
  context.fillRect(126, 0, 5, 256);
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
  /** Pictures a search has handed out: the only ones a search answers again. */
  const searched = new Set<string>();
  const sequences = new Map<string, string[]>();
  const collections = new Map<string, string>();
  const requests: string[] = [];
  let held: { released: Promise<void>; release: () => void } | null = null;
  let imagesFail = false;
  let base = '';
  let mapillaryIds = 0;
  /** A Mapillary sequence key (letters and digits), named after its first picture. */
  const sequenceKey = (id: string) => `seq${sequences.get(id)![0]}`;
  const json = (response: import('node:http').ServerResponse, status: number, body: unknown, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type });
    response.end(JSON.stringify(body));
  };
  /** A new sequence whose middle picture stands about 150 m north-east of the point; that picture's id. */
  const sequenceNear = (point: LatLng, newId: () => string): string => {
    const ids = Array.from({ length: SEQUENCE_LENGTH }, newId);
    ids.forEach((id, index) => {
      const step = index - SEQUENCE_MIDDLE;
      pictures.set(id, {
        lat: Math.max(-90, Math.min(90, point.lat + OFFSET_DEGREES + step * SEQUENCE_STEP.lat)),
        lng: wrapLongitude(point.lng + OFFSET_DEGREES + step * SEQUENCE_STEP.lng),
      });
      sequences.set(id, ids);
    });
    const middle = ids[SEQUENCE_MIDDLE]!;
    searched.add(middle);
    return middle;
  };
  const geoPoint = (at: LatLng) => ({ type: 'Point', coordinates: [at.lng, at.lat] });
  /** Panoramax's links to the pictures before and after this one in its sequence (as items-a-360.json has them). */
  const sequenceLinks = (id: string) => {
    const ids = sequences.get(id)!;
    const at = ids.indexOf(id);
    return [
      ['prev', ids[at - 1]],
      ['next', ids[at + 1]],
    ].flatMap(([rel, other]) =>
      other ? [{ rel, type: 'application/geo+json', geometry: geoPoint(pictures.get(other)!), id: other, href: `${base}/api/collections/${collections.get(other)}/items/${other}` }] : [],
    );
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
      links: sequenceLinks(id),
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
          const searchedAt = { lat: lat!, lng: lng! };
          const reach = Number((url.searchParams.get('place_distance') ?? '0-0').split('-')[1]);
          const known = [...searched]
            .map((id) => ({ id, distance: greatCircleDistance(searchedAt, pictures.get(id)!) }))
            .filter(({ distance }) => distance <= reach)
            .sort((a, b) => a.distance - b.distance)[0];
          let id = known?.id;
          if (!id) {
            const collection = randomUUID();
            id = sequenceNear(searchedAt, () => {
              const member = randomUUID();
              collections.set(member, collection);
              return member;
            });
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
        const id = sequenceNear({ lat: (minLat! + maxLat!) / 2, lng: (minLng! + maxLng!) / 2 }, () => String(1e15 + mapillaryIds++));
        return json(response, 200, { data: [{ id, computed_geometry: geoPoint(pictures.get(id)!), computed_compass_angle: 90, is_pano: true, sequence: sequenceKey(id) }] });
      }
      if (url.pathname === '/image_ids') {
        const ids = [...sequences.values()].find((members) => sequenceKey(members[0]!) === url.searchParams.get('sequence_id'));
        return ids ? json(response, 200, { data: ids.map((member) => ({ id: member })) }) : json(response, 200, { data: [] });
      }
      const thumb = /^\/thumbs\/(\d+)\.jpg$/.exec(url.pathname);
      if (thumb && pictures.has(thumb[1]!)) {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(await leakyJpeg(pictures.get(thumb[1]!)!, thumb[1]!));
      }
      const one = /^\/(\d+)$/.exec(url.pathname);
      if (one && pictures.has(one[1]!)) {
        const fields = (url.searchParams.get('fields') ?? '').split(',');
        const sequence = fields.includes('sequence') ? { sequence: sequenceKey(one[1]!) } : {};
        return json(response, 200, { id: one[1], computed_geometry: geoPoint(pictures.get(one[1]!)!), computed_compass_angle: 90, is_pano: true, thumb_original_url: `${base}/thumbs/${one[1]}.jpg`, ...sequence });
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
    sequenceOf: (pictureId) => [...(sequences.get(pictureId) ?? [])],
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
