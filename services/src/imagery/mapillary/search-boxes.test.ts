import { MAX_BOX_AREA_SQUARE_DEGREES, searchSteps, type Bbox } from './search-boxes.js';

const area = (boxes: number[][]) => boxes.reduce((sum, [west, south, east, north]) => sum + (east! - west!) * (north! - south!), 0);

describe('searchSteps', () => {
  it('asks for two boxes, one each side, where the circle crosses the antimeridian', () => {
    const [first] = searchSteps({ lat: -16.5, lng: 179.9995 }, 2_000);

    expect(first!.reachMeters).toBe(100);
    expect(first!.boxes).toHaveLength(2);
    const [east, west] = first!.boxes as [Bbox, Bbox];
    expect(east[0]).toBeLessThan(179.9995);
    expect(east[2]).toBe(180);
    expect(west[0]).toBe(-180);
    expect(west[2]).toBeGreaterThan(-180);
    expect(west[2]).toBeLessThan(-179.99);
  });

  it('keeps every box under the area limit, however large the radius, even near a pole', () => {
    for (const center of [{ lat: 0, lng: 0 }, { lat: 55.7, lng: 13.2 }, { lat: 89.9, lng: 40 }]) {
      const steps = searchSteps(center, 25_000);
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) expect(area(step.boxes)).toBeLessThan(MAX_BOX_AREA_SQUARE_DEGREES);
      expect(steps.map((step) => step.reachMeters)).toEqual([...steps.map((step) => step.reachMeters)].sort((a, b) => a - b));
    }
  });
});
