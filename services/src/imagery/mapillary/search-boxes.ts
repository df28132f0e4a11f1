import type { LatLng } from '@globetrail/contracts';
import { searchBox } from '../local/search-box.js';

/**
 * Mapillary refuses a bbox of 0.01 square degrees or more ("Maximum allowed area is 0.010 square
 * degrees"); a margin keeps rounding from tipping a box over.
 */
export const MAX_BOX_AREA_SQUARE_DEGREES = 0.009;
const FIRST_REACH_METERS = 100;
const GROWTH = 4;

/** `[minLon, minLat, maxLon, maxLat]`, the order the `bbox` parameter takes. */
export type Bbox = [number, number, number, number];

/** One round of the search: every point within `reachMeters` of the centre lies in one of `boxes`. */
export interface SearchStep {
  reachMeters: number;
  /** Two boxes when the circle crosses the antimeridian. */
  boxes: Bbox[];
}

// Rounded outwards to 1e-6° (about 0.1 m) so a box stays a superset of its circle.
const floor6 = (degrees: number) => Math.floor(degrees * 1e6) / 1e6;
const ceil6 = (degrees: number) => Math.ceil(degrees * 1e6) / 1e6;

/** The boxes around `center` that hold its circle of `reachMeters`, or null when they are too large to ask for. */
function boxesFor(center: LatLng, reachMeters: number): Bbox[] | null {
  const { minLat, maxLat, lngRanges } = searchBox(center, reachMeters);
  if (!lngRanges) return null;
  const boxes = lngRanges.map(([west, east]): Bbox => [floor6(west), floor6(minLat), ceil6(east), ceil6(maxLat)]);
  const area = boxes.reduce((sum, [west, south, east, north]) => sum + (east - west) * (north - south), 0);
  return area < MAX_BOX_AREA_SQUARE_DEGREES ? boxes : null;
}

/** The largest reach between `fits` (whose boxes are small enough) and `tooLarge`, to about a metre. */
function largestReach(center: LatLng, fits: number, tooLarge: number): number {
  let low = fits;
  let high = tooLarge;
  while (high - low > 1) {
    const middle = (low + high) / 2;
    if (boxesFor(center, middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * Boxes around `center` growing from 100 m by ×4 up to `radiusMeters`, each as large as Mapillary
 * accepts at most. Starting small matters twice over: in dense places the API answers a sample of a box,
 * not the pictures nearest its centre, and it refuses boxes that hold too much imagery ("reduce the amount
 * of data") long before the area limit. A radius beyond the largest accepted box (about 5 km at the
 * equator, less towards the poles) is searched only that far.
 */
export function searchSteps(center: LatLng, radiusMeters: number): SearchStep[] {
  const steps: SearchStep[] = [];
  let reached = 0;
  for (let reach = Math.min(FIRST_REACH_METERS, radiusMeters); reach > reached; reach = Math.min(reach * GROWTH, radiusMeters)) {
    const boxes = boxesFor(center, reach);
    if (!boxes) {
      const largest = largestReach(center, reached, reach);
      const largestBoxes = largest > reached ? boxesFor(center, largest) : null;
      if (largestBoxes) steps.push({ reachMeters: largest, boxes: largestBoxes });
      break;
    }
    steps.push({ reachMeters: reach, boxes });
    reached = reach;
  }
  return steps;
}
