import { greatCircleDistance } from '@globetrail/contracts';

interface Point {
  lat: number;
  lng: number;
}

const KM_PER_DEGREE = 111.195;

/** Points bucketed by whole degrees, for "is any of them within d metres?" without looking at them all. */
export class PlaceIndex {
  private readonly cells = new Map<number, Point[]>();

  constructor(points: readonly Point[]) {
    for (const point of points) {
      const key = cellKey(Math.floor(point.lat), Math.floor(point.lng));
      const cell = this.cells.get(key);
      if (cell) cell.push(point);
      else this.cells.set(key, [point]);
    }
  }

  /** Whether some indexed point lies within `meters` of `at` (great-circle). */
  within(at: Point, meters: number): boolean {
    return this.some(at, meters, () => true);
  }

  /** Whether some indexed point within `meters` of `at` passes `test`. */
  some(at: Point, meters: number, test: (point: Point) => boolean): boolean {
    const km = meters / 1000;
    const latReach = Math.ceil(km / KM_PER_DEGREE);
    const row = Math.floor(at.lat);
    for (let lat = row - latReach; lat <= row + latReach; lat++) {
      // A degree of longitude is shortest on the cell's edge nearest a pole.
      const edge = Math.min(89.9, Math.max(Math.abs(lat), Math.abs(lat + 1)));
      const lngReach = Math.min(180, Math.ceil(km / (KM_PER_DEGREE * Math.cos((edge * Math.PI) / 180))));
      const column = Math.floor(at.lng);
      for (let step = -lngReach; step <= lngReach; step++) {
        const lng = ((((column + step + 180) % 360) + 360) % 360) - 180;
        for (const point of this.cells.get(cellKey(lat, lng)) ?? []) if (greatCircleDistance(at, point) <= meters && test(point)) return true;
      }
    }
    return false;
  }
}

const cellKey = (lat: number, lng: number) => (lat + 90) * 1000 + (lng + 180);
