import { randomUUID } from 'node:crypto';
import { latLngSchema, type LatLng } from '@globetrail/contracts';

/** A file name on its own: no dots, slashes or other separators, so it can never leave the store's folder. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const JPEG_START = [0xff, 0xd8, 0xff];

export class PanoramaRejectedError extends Error {
  override readonly name = 'PanoramaRejectedError';
}

export const isSafeImageId = (id: string): boolean => SAFE_ID.test(id);

export function imageIdOrNew(id: string | undefined): string {
  if (id === undefined) return randomUUID();
  if (!isSafeImageId(id)) throw new PanoramaRejectedError(`image id must match ${SAFE_ID}: ${JSON.stringify(id)}`);
  return id;
}

export function validLocation(location: LatLng): LatLng {
  const parsed = latLngSchema.safeParse(location);
  if (!parsed.success) throw new PanoramaRejectedError(`not a location: ${JSON.stringify(location)}`);
  return parsed.data;
}

/** Degrees in [0, 360). */
export function validHeading(heading: number): number {
  if (!Number.isFinite(heading)) throw new PanoramaRejectedError(`heading must be a finite number: ${heading}`);
  return ((heading % 360) + 360) % 360;
}

export function assertJpeg(bytes: Buffer): void {
  if (!Buffer.isBuffer(bytes) || bytes.length < 4 || JPEG_START.some((byte, index) => bytes[index] !== byte)) {
    throw new PanoramaRejectedError('the image is not a JPEG (it does not start with FF D8 FF)');
  }
}

/** Renderer names and versions become folder names. */
export function assertSafeName(kind: string, name: string): void {
  if (!isSafeImageId(name)) throw new Error(`${kind} must match ${SAFE_ID}: ${JSON.stringify(name)}`);
}
