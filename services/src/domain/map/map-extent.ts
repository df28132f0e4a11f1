import { DEFAULT_MAX_MAP_DISTANCE_METERS, greatCircleDistance, type LatLng, type MapExtent } from '@globetrail/contracts';
import { geoBounds } from 'd3-geo';

/**
 * A saved map's `maxMapDistance` (SPEC: mmd, the map's longest diagonal in metres), which the score formula
 * scales distances by: the great-circle length of the diagonal of the smallest latitude/longitude box
 * holding every location. The box comes from d3-geo's `geoBounds`, which takes the shorter way across the
 * antimeridian, so a map of Fiji is a few hundred kilometres across, not the whole world. Both diagonals of
 * such a box are equally long (it is symmetric about its middle meridian).
 *
 * A box spanning half the world's longitudes or more has no meaningful diagonal (its corners can be closer
 * on the sphere than its middle is wide), and a map whose locations are all one point has none at all:
 * both keep the default, half the Earth's circumference, which is what the world map uses. There is no
 * floor: a map of one town scores guesses by the town's size, as a small map should.
 */
export function maxMapDistanceOf(locations: readonly LatLng[]): number {
  if (locations.length < 2) return DEFAULT_MAX_MAP_DISTANCE_METERS;
  const [[west, south], [east, north]] = geoBounds({ type: 'MultiPoint', coordinates: locations.map((location) => [location.lng, location.lat]) });
  const span = east >= west ? east - west : east + 360 - west;
  if (span >= 180) return DEFAULT_MAX_MAP_DISTANCE_METERS;
  const diagonal = greatCircleDistance({ lat: south, lng: west }, { lat: north, lng: east });
  return diagonal > 0 ? diagonal : DEFAULT_MAX_MAP_DISTANCE_METERS;
}

/**
 * A map's box (the short way across the antimeridian, `west > east` when it crosses it) and its mmd, as
 * MapCreated and MapLocationsReplaced record them; no box for a map without locations.
 */
export function mapExtentOf(locations: readonly LatLng[]): MapExtent {
  if (locations.length === 0) return { bounds: null, mmd: DEFAULT_MAX_MAP_DISTANCE_METERS };
  const [[west, south], [east, north]] = geoBounds({ type: 'MultiPoint', coordinates: locations.map((location) => [location.lng, location.lat]) });
  const bounds = { south: round(south), west: round(west), north: round(north), east: round(east) };
  return { bounds, mmd: maxMapDistanceOf(locations) };
}

/** Six decimals (about 10 cm): what JSON keeps of the box without float noise. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
