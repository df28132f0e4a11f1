import type { LatLng } from '@globetrail/contracts';
import { geoBounds, geoContains } from 'd3-geo';
import type { Polygon } from 'geojson';

/** A polygon's latitude/longitude box; longitudes run `width` degrees east of `west`, across 180° if need be. */
export interface LatLngBox {
  south: number;
  north: number;
  west: number;
  width: number;
}

/** A cell is a boundary cell, or holds 1 + the index of its group of border-free cells (-1 while building). */
const BOUNDARY = 0;
const UNGROUPED = -1;
/** A group's side. */
const UNKNOWN = 0;
const INSIDE = 1;
const OUTSIDE = 2;

/** Polygons with fewer corners are cheap enough to ask d3-geo about every point. */
const MIN_CORNERS = 200;
const MAX_SIDE = 256;
/** Widens each edge's bounds by far less than a cell, so that a cell an edge only touches is a boundary cell too. */
const MARGIN_DEGREES = 1e-9;

/**
 * Degrees east of the box's western edge; a longitude a rounding error west of it comes out slightly
 * negative rather than nearly 360, and so does any longitude nearer the box's west than its east.
 */
export function eastOf(box: LatLngBox, lng: number): number {
  const east = (((lng - box.west) % 360) + 360) % 360;
  return east > (box.width + 360) / 2 ? east - 360 : east;
}

export function inBox(box: LatLngBox, point: LatLng): boolean {
  if (point.lat < box.south || point.lat > box.north) return false;
  const east = eastOf(box, point.lng);
  return east >= 0 && east <= box.width;
}

/**
 * `geoContains` with d3-geo's answer, faster for large polygons. d3-geo walks every edge of the polygon on
 * every call (trigonometry per corner): about 0.6 ms for Russia's mainland (4,900 corners) and ten times
 * that under jest's module sandbox, while the generator asks once per random point and draws thousands.
 *
 * The polygon's box is cut into a grid. A cell that no edge's bounds reach (d3-geo's `geoBounds` of each
 * edge's great-circle arc, exact) has no border inside it, so all its points are on the same side; so do
 * the points of neighbouring such cells, so each connected group of them is settled by one `geoContains`
 * call at a cell's centre, made when a point first lands in the group. A point in a cell an edge reaches
 * is asked of `geoContains` itself. Answers are therefore d3-geo's, only cheaper: most points of a country
 * land far from its borders.
 */
export class ContainmentGrid {
  private readonly rows: number;
  private readonly columns: number;
  private readonly cellLat: number;
  private readonly cellLng: number;
  private readonly cells: Int32Array;
  /** Per group of border-free cells: which side it is on, asked of d3-geo when a point first lands there. */
  private readonly sides: Uint8Array;
  private readonly groupCentres: Array<[number, number]> = [];

  private constructor(
    private readonly polygon: Polygon,
    private readonly box: LatLngBox,
  ) {
    // Cells a border runs through grow with the side of the grid, all cells with its square: about 3√n
    // a side leaves a few percent of a country's box to d3-geo.
    const corners = polygon.coordinates.reduce((sum, ring) => sum + ring.length, 0);
    this.rows = this.columns = Math.min(MAX_SIDE, 3 * Math.ceil(Math.sqrt(corners)));
    this.cellLat = (box.north - box.south) / this.rows;
    this.cellLng = box.width / this.columns;
    this.cells = new Int32Array(this.rows * this.columns).fill(UNGROUPED);
    this.markBorders();
    this.groupTheRest();
    this.sides = new Uint8Array(this.groupCentres.length).fill(UNKNOWN);
  }

  /** A grid for `polygon`, or null when asking d3-geo directly costs little (or the box wraps a pole). */
  static for(polygon: Polygon, box: LatLngBox): ContainmentGrid | null {
    const corners = polygon.coordinates.reduce((sum, ring) => sum + ring.length, 0);
    if (corners < MIN_CORNERS || box.width >= 360 || !(box.north > box.south)) return null;
    return new ContainmentGrid(polygon, box);
  }

  /** Whether the polygon contains `point`, which must lie in the box. */
  contains(point: LatLng): boolean {
    const row = this.rowOf(point.lat);
    const column = this.columnOf(eastOf(this.box, point.lng));
    const cell = this.cells[row * this.columns + column]!;
    if (cell === BOUNDARY) return geoContains(this.polygon, [point.lng, point.lat]);
    const group = cell - 1;
    if (this.sides[group] === UNKNOWN) this.sides[group] = geoContains(this.polygon, this.groupCentres[group]!) ? INSIDE : OUTSIDE;
    return this.sides[group] === INSIDE;
  }

  private markBorders(): void {
    for (const ring of this.polygon.coordinates) {
      for (let k = 0; k + 1 < ring.length; k++) {
        const [[west, south], [east, north]] = geoBounds({ type: 'LineString', coordinates: [ring[k]!, ring[k + 1]!] });
        const from = eastOf(this.box, west!);
        const to = from + (east! >= west! ? east! - west! : east! + 360 - west!);
        const firstRow = this.rowOf(south! - MARGIN_DEGREES);
        const lastRow = this.rowOf(north! + MARGIN_DEGREES);
        const firstColumn = this.columnOf(from - MARGIN_DEGREES);
        const lastColumn = this.columnOf(to + MARGIN_DEGREES);
        for (let row = firstRow; row <= lastRow; row++) {
          for (let column = firstColumn; column <= lastColumn; column++) this.cells[row * this.columns + column] = BOUNDARY;
        }
      }
    }
  }

  /** Connected groups of cells no edge reaches: all points of a group are on one side. */
  private groupTheRest(): void {
    for (let start = 0; start < this.cells.length; start++) {
      if (this.cells[start] !== UNGROUPED) continue;
      const row = Math.floor(start / this.columns);
      const column = start % this.columns;
      const lng = this.box.west + (column + 0.5) * this.cellLng;
      this.groupCentres.push([lng > 180 ? lng - 360 : lng, this.box.south + (row + 0.5) * this.cellLat]);
      const label = this.groupCentres.length;
      const stack = [start];
      this.cells[start] = label;
      while (stack.length > 0) {
        const cell = stack.pop()!;
        const r = Math.floor(cell / this.columns);
        const c = cell % this.columns;
        for (const [nr, nc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]] as const) {
          if (nr < 0 || nr >= this.rows || nc < 0 || nc >= this.columns) continue;
          const next = nr * this.columns + nc;
          if (this.cells[next] !== UNGROUPED) continue;
          this.cells[next] = label;
          stack.push(next);
        }
      }
    }
  }

  private rowOf(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat - this.box.south) / this.cellLat)));
  }

  private columnOf(degreesEast: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor(degreesEast / this.cellLng)));
  }
}
