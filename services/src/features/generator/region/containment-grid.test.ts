import { geoBounds, geoContains } from 'd3-geo';
import type { MultiPolygon, Polygon } from 'geojson';
import type { LatLng } from '@globetrail/contracts';
import { seededRandom } from '../../../domain/decision-context.js';
import { ContainmentGrid, inBox } from './containment-grid.js';
import { countryShape } from './country-shapes.js';

/** The country's polygon with the most corners. */
function largestPart(code: string): Polygon {
  const shape = countryShape(code) as Polygon | MultiPolygon;
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  const coordinates = polygons.reduce((a, b) => (a[0]!.length >= b[0]!.length ? a : b));
  return { type: 'Polygon', coordinates };
}

describe('ContainmentGrid', () => {
  it.each(['RU', 'US', 'NO', 'CA'])('answers as d3-geo does for the largest part of %s, near its border and anywhere in its box', (code) => {
    const polygon = largestPart(code);
    const [[west, south], [east, north]] = geoBounds(polygon);
    const box = { south, north, west, width: east >= west ? east - west : east + 360 - west };
    const grid = ContainmentGrid.for(polygon, box)!;
    expect(grid).not.toBeNull();
    const random = seededRandom(13);
    const ring = polygon.coordinates[0]!;
    const points: LatLng[] = [];
    // Within about 1 km of a corner, where cells are boundary cells and the answer must still be exact…
    for (let i = 0; i < 150; i++) {
      const [lng, lat] = ring[Math.floor(random() * ring.length)]!;
      points.push({ lat: Math.max(south, Math.min(north, lat! + (random() - 0.5) * 0.02)), lng: lng! + (random() - 0.5) * 0.02 });
    }
    // …and anywhere in the box, mostly settled by the grid's cells.
    for (let i = 0; i < 150; i++) points.push({ lat: south + random() * (north - south), lng: west + random() * box.width });
    const wrapped = points.map((point) => ({ lat: point.lat, lng: point.lng > 180 ? point.lng - 360 : point.lng < -180 ? point.lng + 360 : point.lng }));
    const disagreements = wrapped.filter((point) => inBox(box, point) && grid.contains(point) !== geoContains(polygon, [point.lng, point.lat]));
    expect(disagreements).toEqual([]);
  });

  it('is not built for small polygons, which d3-geo answers quickly', () => {
    const square: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
    expect(ContainmentGrid.for(square, { south: 0, north: 1, west: 0, width: 1 })).toBeNull();
  });
});
