import type { LatLng } from '@globetrail/contracts';
import { z } from 'zod';
import { GOOGLE_STREET_VIEW } from '../answer-blind.js';
import type { ProviderHttp } from '../http/provider-http.js';
import { ImageryUnavailableError, type ImageryProvider, type PanoramaCandidate, type PanoramaImage } from '../imagery.port.js';

export const DEFAULT_GOOGLE_MAPS_URL = 'https://maps.googleapis.com';

export interface GoogleStreetViewProviderOptions {
  /** A Google Maps Platform API key with the Street View Static API enabled. */
  key: string;
  /** Default https://maps.googleapis.com (tests point it at a local stand-in). */
  baseUrl?: string;
  http: ProviderHttp;
}

/**
 * The Street View Image Metadata answer (https://developers.google.com/maps/documentation/streetview/metadata).
 * Every status comes with HTTP 200; only `OK` carries a panorama. `error_message` accompanies refusals.
 */
const metadataSchema = z.object({
  status: z.string(),
  pano_id: z.string().optional(),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
  error_message: z.string().optional(),
});

/** Statuses that mean "no panorama there", not "something is wrong". */
const NOTHING_THERE = new Set(['ZERO_RESULTS', 'NOT_FOUND']);

/** Google's panorama ids are URL-safe base64 (22 characters for Google's own, longer for contributed ones). */
const PANO_ID = /^[\w-]{1,512}$/;

/**
 * Google Street View, found through the Street View Image Metadata API (free of charge, no quota) and shown
 * by Google's own viewer in the browser, as Google's terms require: its pictures are never downloaded or
 * proxied here, so `fetchImage` always refuses. That makes it the one provider that is **not answer-blind**
 * (the browser gets the panorama id, and Google's viewer knows where it is): rounds on it are marked and
 * never ranked, and ranked games never use it.
 *
 * The key travels in the `key` query parameter, the only way this API takes it; `ProviderHttp` never
 * quotes a query string in a message, and the messages built here never contain the key either.
 */
export class GoogleStreetViewProvider implements ImageryProvider {
  readonly name = GOOGLE_STREET_VIEW;
  readonly answerBlind = false;
  private readonly key: string;
  private readonly baseUrl: string;
  private readonly http: ProviderHttp;

  constructor(options: GoogleStreetViewProviderOptions) {
    if (!/^\S+$/.test(options.key)) throw new Error('a Google Maps Platform API key is required');
    this.key = options.key;
    this.baseUrl = (options.baseUrl ?? DEFAULT_GOOGLE_MAPS_URL).replace(/\/+$/, '');
    this.http = options.http;
  }

  /**
   * The panorama Google snaps to within the radius (outdoor imagery only: no shop interiors). The
   * metadata has no camera direction, so the view starts facing north.
   */
  async findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    const query = new URLSearchParams({
      location: `${location.lat},${location.lng}`,
      radius: String(Math.max(0, Math.round(radiusMeters))),
      source: 'outdoor',
      key: this.key,
    });
    const answer = await this.http.json(`${this.baseUrl}/maps/api/streetview/metadata?${query}`);
    // The API answers every status with 200; a 404 means the address is not the metadata API at all.
    if (answer === null) throw new ImageryUnavailableError('google street view metadata is not found at the configured address');
    const metadata = metadataSchema.safeParse(answer);
    if (!metadata.success) throw new ImageryUnavailableError('google street view answered something that is not image metadata');
    const { status, pano_id: panoId, location: at, error_message: reason } = metadata.data;
    if (NOTHING_THERE.has(status)) return null;
    if (status !== 'OK') {
      throw new ImageryUnavailableError(`google street view refused the metadata request: ${status}${reason ? ` (${this.redacted(reason)})` : ''}`);
    }
    if (!panoId || !PANO_ID.test(panoId) || !at) throw new ImageryUnavailableError('google street view answered OK without a usable panorama id and location');
    return { provider: this.name, imageId: panoId, location: { lat: at.lat, lng: at.lng }, heading: 0 };
  }

  /** Google's pictures are shown by Google's viewer only (its terms): never downloaded, cached or proxied. */
  fetchImage(_imageId: string): Promise<PanoramaImage> {
    return Promise.reject(new ImageryUnavailableError("google street view pictures are shown by Google's own viewer in the browser, never served by this server"));
  }

  /** Google's messages do not quote the key today; this keeps it so if that ever changes. */
  private redacted(text: string): string {
    return text.replaceAll(this.key, '[key]');
  }
}
