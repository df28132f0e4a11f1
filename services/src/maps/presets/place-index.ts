import { EARTH_RADIUS_METERS } from '@globetrail/contracts';

interface Point {
  lat: number;
  lng: number;
}

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180;
const RADIANS = Math.PI / 180;

/**
 * Points bucketed into cells of `cellDegrees`, for "is any of them within d metres?" without looking at
 * them all. Candidates are checked by latitude first (cheap), then by great-circle distance.
 */
export class PlaceIndex {
  private readonly cells = new Map<number, Point[]>();
  private readonly columns: number;

  constructor(
    points: readonly Point[],
    private readonly cellDegrees = 1,
  ) {
    this.columns = Math.round(360 / cellDegrees);
    for (const point of points) {
      const key = this.key(this.row(point.lat), this.column(point.lng));
      const cell = this.cells.get(key);
      if (cell) cell.push(point);
      else this.cells.set(key, [point]);
    }
  }

  /** Whether some indexed point lies within `meters` of `at` (great-circle). */
  within(at: Point, meters: number): boolean {
    const latReach = meters / METERS_PER_DEGREE;
    const rows = Math.ceil(latReach / this.cellDegrees);
    const row = this.row(at.lat);
    const cosAt = Math.cos(at.lat * RADIANS);
    const limit = Math.sin(meters / EARTH_RADIUS_METERS / 2) ** 2;
    for (let r = row - rows; r <= row + rows; r++) {
      // A degree of longitude is shortest on the cell's edge nearest a pole.
      const edge = Math.min(89.9, Math.max(Math.abs(r * this.cellDegrees - 90), Math.abs((r + 1) * this.cellDegrees - 90)));
      const columns = Math.min(this.columns, Math.ceil(latReach / Math.cos(edge * RADIANS) / this.cellDegrees));
      const column = this.column(at.lng);
      for (let step = -columns; step <= columns; step++) {
        const points = this.cells.get(this.key(r, (((column + step) % this.columns) + this.columns) % this.columns));
        if (!points) continue;
        for (const point of points) {
          const dLat = point.lat - at.lat;
          if (Math.abs(dLat) > latReach) continue;
          // The haversine's h, compared without the square root and arcsine.
          const h = Math.sin((dLat * RADIANS) / 2) ** 2 + cosAt * Math.cos(point.lat * RADIANS) * Math.sin(((point.lng - at.lng) * RADIANS) / 2) ** 2;
          if (h <= limit) return true;
        }
      }
    }
    return false;
  }

  private row(lat: number): number {
    return Math.floor((lat + 90) / this.cellDegrees);
  }

  private column(lng: number): number {
    return Math.min(this.columns - 1, Math.floor((lng + 180) / this.cellDegrees));
  }

  private key(row: number, column: number): number {
    return row * 100_000 + column;
  }
}
