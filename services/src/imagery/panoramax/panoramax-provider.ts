import { greatCircleDistance, type LatLng } from '@globetrail/contracts';
import type { ProviderHttp } from '../http/provider-http.js';
import {
  ImageryUnavailableError,
  type ImageryProvider,
  type PanoramaCandidate,
  type PanoramaImage,
} from '../imagery.port.js';
import { parsePictureImageId, pictureImageId, type PictureRef } from './picture-id.js';
import { featuresOf, readItem, type PanoramaxItem } from './stac-item.js';

/** The federated catalogue: it searches every public Panoramax instance; pictures stay on their instance. */
export const DEFAULT_PANORAMAX_URL = 'https://api.panoramax.xyz';

/**
 * What to credit wherever a Panoramax picture is shown. Each instance sets its pictures' licence (each item
 * names it in `properties.license`): usually CC-BY-SA 4.0, Etalab 2.0 on IGN's; both ask for attribution.
 * Author names and links to the picture are left out on purpose: a player must learn nothing that ties a
 * picture to a place, and a contributor's name leads to their other pictures, a link to the map.
 */
export const PANORAMAX_ATTRIBUTION = '© Panoramax contributors';

export interface PanoramaxProviderOptions {
  /** A Panoramax instance or the federated catalogue; its routes live under `<baseUrl>/api`. */
  baseUrl?: string;
  http: ProviderHttp;
  /** For the picture download only: an HD panorama is several megabytes, a search a few kilobytes. */
  imageTimeoutMs?: number;
}

/**
 * Panoramax answers a place search nearest first, flat photos among the panoramas. The narrowest allowed
 * field-of-view tolerance (2°) keeps out most flat photos (only those aimed straight at the point pass),
 * while 360° pictures ignore the tolerance, so the limit is spent on pictures a round can use.
 */
const SEARCH_LIMIT = 20;
const NARROWEST_FOV_TOLERANCE = 2;

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

type PlayableItem = PanoramaxItem & { imageUrl: string };

const playable = (item: PanoramaxItem | null): item is PlayableItem => item !== null && item.spherical && item.imageUrl !== null;

function validBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`Panoramax base URL is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Panoramax base URL must be http(s): ${baseUrl}`);
  if (url.search || url.hash) throw new Error(`Panoramax base URL must not have a query or fragment: ${baseUrl}`);
  return url.href.replace(/\/+$/, '');
}

/**
 * Street-level 360° pictures from Panoramax, the open, federated street-imagery commons, over its STAC API
 * (sequences are collections, pictures are items). Answer-blind: the server downloads the picture and
 * serves the bytes itself under a round's opaque URL, so a browser never sees a Panoramax URL, id or
 * coordinate. The bytes leave here as Panoramax sent them, EXIF and XMP (with the GPS position) included:
 * the proxy in front of every provider (`ServedImages`) strips them. Every request goes through `http`,
 * which owns timeouts, retries and the circuit breaker.
 */
export class PanoramaxProvider implements ImageryProvider {
  readonly name = 'panoramax';
  readonly answerBlind = true;
  private readonly baseUrl: string;
  private readonly http: ProviderHttp;
  private readonly imageTimeoutMs: number;

  constructor(options: PanoramaxProviderOptions) {
    this.baseUrl = validBaseUrl(options.baseUrl ?? DEFAULT_PANORAMAX_URL);
    this.http = options.http;
    this.imageTimeoutMs = options.imageTimeoutMs ?? 30_000;
  }

  async findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    if (!(radiusMeters > 0)) return null;
    const search = new URL(`${this.baseUrl}/api/search`);
    // Longitude first, and always with a decimal point: the API documents the pattern -?\d+\.\d+,-?\d+\.\d+.
    search.searchParams.set('place_position', `${location.lng.toFixed(7)},${location.lat.toFixed(7)}`);
    // Whole metres only (the API parses integers); from 0, since its default range starts at 3 m.
    search.searchParams.set('place_distance', `0-${Math.ceil(radiusMeters)}`);
    search.searchParams.set('place_fov_tolerance', String(NARROWEST_FOV_TOLERANCE));
    search.searchParams.set('limit', String(SEARCH_LIMIT));

    const answer = await this.http.json(search.href);
    if (answer === null) throw new ImageryUnavailableError(`Panoramax has no search route at ${this.baseUrl}`);
    const features = featuresOf(answer);
    if (!features) throw new ImageryUnavailableError('Panoramax search did not answer a GeoJSON FeatureCollection');

    // The search sorts by distance already; measuring again keeps that an optimisation, not an assumption.
    let nearest: { item: PanoramaxItem; distance: number } | null = null;
    for (const item of features.map(readItem).filter(playable)) {
      const distance = greatCircleDistance(location, item.location);
      if (distance <= radiusMeters && (!nearest || distance < nearest.distance)) nearest = { item, distance };
    }
    return nearest && this.candidate(nearest.item);
  }

  async fetchImage(imageId: string): Promise<PanoramaImage> {
    const item = await this.item(this.refOf(imageId));
    if (!item) throw new ImageryUnavailableError(`Panoramax picture ${imageId} does not exist (404)`);
    if (!playable(item)) throw new ImageryUnavailableError(`Panoramax picture ${imageId} is not a 360° JPEG panorama`);

    const image = await this.http.bytes(item.imageUrl, { timeoutMs: this.imageTimeoutMs });
    if (!image) throw new ImageryUnavailableError(`Panoramax picture ${imageId}: its image file is gone (404)`);
    if (mediaType(image.contentType) !== 'image/jpeg') {
      throw new ImageryUnavailableError(`Panoramax picture ${imageId} came as ${image.contentType}, not image/jpeg`);
    }
    if (!isJpeg(image.body)) throw new ImageryUnavailableError(`Panoramax picture ${imageId} is labelled a JPEG but is not one`);
    return { body: image.body, contentType: 'image/jpeg' };
  }

  /** The previous and next pictures of the sequence, when they are 360° too; nearest first. */
  async neighbours(imageId: string): Promise<PanoramaCandidate[]> {
    const ref = this.refOf(imageId);
    const item = await this.item(ref);
    if (!item) throw new ImageryUnavailableError(`Panoramax picture ${imageId} does not exist (404)`);

    // The links carry position but not field of view or heading, so each neighbour is read in full. A
    // neighbour that has disappeared since (404) is simply not offered.
    const ids = [...new Set(item.sequenceNeighbourIds)].filter((itemId) => itemId !== ref.itemId);
    const found = await Promise.all(ids.map((itemId) => this.item({ collectionId: ref.collectionId, itemId })));
    return found
      .filter(playable)
      .map((neighbour) => ({ neighbour, distance: greatCircleDistance(item.location, neighbour.location) }))
      .sort((a, b) => a.distance - b.distance)
      .map(({ neighbour }) => this.candidate(neighbour));
  }

  private refOf(imageId: string): PictureRef {
    const ref = parsePictureImageId(imageId);
    if (!ref) throw new ImageryUnavailableError(`not a Panoramax picture id: ${JSON.stringify(imageId.slice(0, 100))}`);
    return ref;
  }

  /** Null for a 404; an answer that is not this picture's STAC item is the provider failing. */
  private async item(ref: PictureRef): Promise<PanoramaxItem | null> {
    const url = `${this.baseUrl}/api/collections/${encodeURIComponent(ref.collectionId)}/items/${encodeURIComponent(ref.itemId)}`;
    const answer = await this.http.json(url);
    if (answer === null) return null;
    const item = readItem(answer);
    if (!item || item.ref.itemId.toLowerCase() !== ref.itemId.toLowerCase()) {
      throw new ImageryUnavailableError(`Panoramax answered something other than picture ${pictureImageId(ref)}`);
    }
    return item;
  }

  private candidate(item: PanoramaxItem): PanoramaCandidate {
    // Panoramax's azimuth is the bearing of the picture's centre; the view starts facing it.
    return { provider: this.name, imageId: pictureImageId(item.ref), location: item.location, heading: item.heading, ...(item.heading === 0 ? {} : { centre: item.heading }) };
  }
}
