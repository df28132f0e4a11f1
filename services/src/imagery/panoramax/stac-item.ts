import { latLngSchema, type LatLng } from '@globetrail/contracts';
import { isPanoramaxUuid, type PictureRef } from './picture-id.js';

/**
 * What a round needs from one Panoramax picture (a STAC item), read from JSON that came over the network:
 * anything missing or of the wrong type makes the item unusable rather than the round broken.
 */
export interface PanoramaxItem {
  ref: PictureRef;
  location: LatLng;
  /** Degrees clockwise from north in [0, 360); 0 when the picture has none. */
  heading: number;
  /** A whole equirectangular panorama. Flat photos and cropped panoramas cannot be played. */
  spherical: boolean;
  /** The JPEG to show: the `hd` asset, else `sd`; null when neither is a JPEG over http(s). */
  imageUrl: string | null;
  /** Item ids of the pictures before and after this one in its sequence (same collection). */
  sequenceNeighbourIds: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: Json, key: string): Json => (isObject(value[key]) ? value[key] : {});

/** A GeoJSON Point is [longitude, latitude]. */
function pointLocation(geometry: unknown): LatLng | null {
  if (!isObject(geometry) || geometry.type !== 'Point' || !Array.isArray(geometry.coordinates)) return null;
  const [lng, lat] = geometry.coordinates as unknown[];
  const parsed = latLngSchema.safeParse({ lat, lng });
  return parsed.success ? parsed.data : null;
}

function headingOf(properties: Json): number {
  const azimuth = properties['view:azimuth'];
  return typeof azimuth === 'number' && Number.isFinite(azimuth) ? ((azimuth % 360) + 360) % 360 : 0;
}

/**
 * Panoramax reports a 360° picture with `pers:interior_orientation.field_of_view` 360 (perspective-imagery
 * STAC extension). Older pictures may lack the field of view; their EXIF then still carries the XMP
 * `GPano:ProjectionType`. A cropped panorama (a non-zero `visible_area`) covers less than the sphere and
 * would be stretched round it, so it does not count.
 */
function isSpherical(properties: Json): boolean {
  const orientation = objectAt(properties, 'pers:interior_orientation');
  const visibleArea = orientation.visible_area;
  if (Array.isArray(visibleArea) && visibleArea.some((margin) => margin !== 0)) return false;
  const fieldOfView = orientation.field_of_view;
  if (typeof fieldOfView === 'number') return fieldOfView >= 360;
  return objectAt(properties, 'exif')['Xmp.GPano.ProjectionType'] === 'equirectangular';
}

function jpegHref(asset: unknown): string | null {
  if (!isObject(asset) || typeof asset.href !== 'string') return null;
  if (asset.type !== undefined && asset.type !== 'image/jpeg') return null;
  try {
    const url = new URL(asset.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function sequenceNeighbourIds(links: unknown): string[] {
  if (!Array.isArray(links)) return [];
  return links
    .filter((link): link is Json => isObject(link) && (link.rel === 'prev' || link.rel === 'next'))
    .map((link) => link.id)
    .filter(isPanoramaxUuid);
}

/** Null when the item has no UUID id and collection or no point location. */
export function readItem(value: unknown): PanoramaxItem | null {
  if (!isObject(value) || !isPanoramaxUuid(value.id) || !isPanoramaxUuid(value.collection)) return null;
  const location = pointLocation(value.geometry);
  if (!location) return null;
  const properties = objectAt(value, 'properties');
  const assets = objectAt(value, 'assets');
  return {
    ref: { collectionId: value.collection, itemId: value.id },
    location,
    heading: headingOf(properties),
    spherical: isSpherical(properties),
    imageUrl: jpegHref(assets.hd) ?? jpegHref(assets.sd),
    sequenceNeighbourIds: sequenceNeighbourIds(value.links),
  };
}

/** The features of a GeoJSON FeatureCollection (a STAC search answer), or null when it is not one. */
export function featuresOf(value: unknown): unknown[] | null {
  return isObject(value) && value.type === 'FeatureCollection' && Array.isArray(value.features) ? value.features : null;
}
