import { greatCircleDistance, type LatLng } from '@globetrail/contracts';
import type { ProviderHttp } from '../http/provider-http.js';
import {
  ImageryUnavailableError,
  type ImageryProvider,
  type PanoramaCandidate,
  type PanoramaImage,
} from '../imagery.port.js';
import {
  CANDIDATE_FIELDS,
  entitiesOf,
  graphIdSchema,
  graphImageSchema,
  isMapillaryImageId,
  isMapillarySequenceId,
  toPanorama,
  type GraphImage,
} from './mapillary-image.js';
import { searchSteps, type Bbox } from './search-boxes.js';

/**
 * Mapillary's imagery is CC BY-SA 4.0, which asks for credit. The client shows this one, never a
 * contributor's name: we do not even ask for the `creator` field, because a name next to a picture ties it
 * to a person and their other pictures, and so to a place.
 */
export const MAPILLARY_ATTRIBUTION = '© Mapillary contributors';

export interface MapillaryProviderOptions {
  /** A client access token from mapillary.com/dashboard/developers (`MLY|…`). */
  token: string;
  /** Default https://graph.mapillary.com. */
  baseUrl?: string;
  http: ProviderHttp;
  /** Per attempt, for the image download: an original panorama is several megabytes. Default 30 000 ms. */
  imageTimeoutMs?: number;
}

/**
 * A box holding more panoramas than this answers a sample of them, so in the densest places the picture
 * found is a near one rather than always the nearest; small first boxes (search-boxes.ts) keep that rare.
 */
const SEARCH_LIMIT = 200;

interface Nearest {
  candidate: PanoramaCandidate;
  distance: number;
}

/**
 * Panoramas from the Mapillary Graph API v4 (https://www.mapillary.com/developer/api-documentation):
 * `GET /images?bbox=…&is_pano=true` to search, `GET /{id}` for one image, `GET /image_ids?sequence_id=…`
 * for a sequence in capture order.
 *
 * The token goes in an `Authorization: OAuth …` header, which the API accepts as well as the
 * `access_token` query parameter, so it never sits in a URL that a log or an error message could quote.
 * The image bytes come from the signed CDN address in `thumb_original_url`, fetched fresh for each
 * download because those addresses expire; it is fetched here, on the server, without the token, and never
 * reaches a client. The bytes are returned as the CDN sent them: `ServedImages` strips their metadata
 * before anyone sees them.
 */
export class MapillaryProvider implements ImageryProvider {
  readonly name = 'mapillary';
  readonly answerBlind = true;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly http: ProviderHttp;
  private readonly imageTimeoutMs: number;

  constructor(options: MapillaryProviderOptions) {
    if (!/^MLY\|\S+$/.test(options.token)) throw new Error('a Mapillary client access token starts with "MLY|"');
    this.baseUrl = (options.baseUrl ?? 'https://graph.mapillary.com').replace(/\/+$/, '');
    this.headers = { authorization: `OAuth ${options.token}` };
    this.http = options.http;
    this.imageTimeoutMs = options.imageTimeoutMs ?? 30_000;
  }

  /**
   * Searches growing boxes and stops at the first that holds a panorama no farther than the box reaches
   * in every direction: anything nearer would have been inside it.
   */
  async findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    let nearest: Nearest | null = null;
    for (const step of searchSteps(location, radiusMeters)) {
      const found = (await Promise.all(step.boxes.map((box) => this.panoramasIn(box)))).flat();
      for (const candidate of found) {
        const distance = greatCircleDistance(location, candidate.location);
        if (distance <= radiusMeters && (!nearest || distance < nearest.distance)) nearest = { candidate, distance };
      }
      if (nearest && nearest.distance <= step.reachMeters) break;
    }
    return nearest?.candidate ?? null;
  }

  async fetchImage(imageId: string): Promise<PanoramaImage> {
    const id = checkedId(imageId);
    const image = await this.image(id, ['id', 'is_pano', 'thumb_original_url', 'thumb_2048_url']);
    if (!image) throw new ImageryUnavailableError(`mapillary has no picture ${id}`);
    if (image.is_pano !== true) throw new ImageryUnavailableError(`mapillary picture ${id} is not a panorama`);
    const url = image.thumb_original_url || image.thumb_2048_url;
    if (!url) throw new ImageryUnavailableError(`mapillary gave no image address for picture ${id}`);
    // No token here: the signed address is its own credential, and the token is not the CDN's business.
    const file = await this.http.bytes(url, { timeoutMs: this.imageTimeoutMs });
    if (!file) throw new ImageryUnavailableError(`mapillary picture ${id} is gone from its image server`);
    if (!isJpeg(file.body)) throw new ImageryUnavailableError(`mapillary picture ${id} is not a JPEG (${file.contentType})`);
    return { body: file.body, contentType: 'image/jpeg' };
  }

  /** The panoramas just before and after this one in its sequence, nearest first. */
  async neighbours(imageId: string): Promise<PanoramaCandidate[]> {
    const id = checkedId(imageId);
    const current = await this.image(id, [...CANDIDATE_FIELDS, 'sequence']);
    const origin = current && toPanorama(current);
    if (!origin || !isMapillarySequenceId(current.sequence)) return [];
    const answer = await this.http.json(this.url('image_ids', { sequence_id: current.sequence }), { headers: this.headers });
    const ids = (entitiesOf(answer, graphIdSchema) ?? []).map((entry) => entry.id);
    const at = ids.indexOf(id);
    if (at < 0) return [];
    const adjacent = [ids[at - 1], ids[at + 1]].filter(isMapillaryImageId);
    const images = await Promise.all(adjacent.map((neighbour) => this.image(neighbour, CANDIDATE_FIELDS)));
    return images
      .flatMap((image) => {
        const candidate = image && toPanorama(image);
        return candidate ? [{ candidate, distance: greatCircleDistance(origin.location, candidate.location) }] : [];
      })
      .sort((a, b) => a.distance - b.distance)
      .map(({ candidate }) => candidate);
  }

  /**
   * `is_pano=true` is the filter that works server-side (`camera_type` is ignored there), and `is_pano`
   * comes back as a field too so a non-panorama is dropped even if the filter is not applied. Thumbnail
   * addresses are not asked for: they expire, and every byte counts against the API's data volume limit.
   */
  private async panoramasIn([minLon, minLat, maxLon, maxLat]: Bbox): Promise<PanoramaCandidate[]> {
    const url = this.url('images', {
      fields: CANDIDATE_FIELDS.join(','),
      bbox: [minLon, minLat, maxLon, maxLat].join(','),
      is_pano: 'true',
      limit: String(SEARCH_LIMIT),
    });
    const answer = await this.http.json(url, { headers: this.headers });
    if (answer === null) return [];
    const images = entitiesOf(answer, graphImageSchema);
    if (!images) throw new ImageryUnavailableError('mapillary answered an image search with something that is not a list of images');
    return images.flatMap((image) => toPanorama(image) ?? []);
  }

  /** One image's fields, or null when Mapillary does not know it. `id` is digits only (checkedId). */
  private async image(id: string, fields: readonly string[]): Promise<GraphImage | null> {
    const answer = await this.http.json(this.url(id, { fields: fields.join(',') }), { headers: this.headers });
    if (answer === null) return null;
    const image = graphImageSchema.safeParse(answer);
    if (!image.success || image.data.id !== id) {
      throw new ImageryUnavailableError(`mapillary answered something that is not picture ${id}`);
    }
    return image.data;
  }

  private url(path: string, query: Record<string, string>): string {
    return `${this.baseUrl}/${path}?${new URLSearchParams(query)}`;
  }
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

function checkedId(imageId: string): string {
  if (!isMapillaryImageId(imageId)) throw new ImageryUnavailableError(`not a Mapillary image id: ${JSON.stringify(imageId)}`);
  return imageId;
}
