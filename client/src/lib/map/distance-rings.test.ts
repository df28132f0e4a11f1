import { RING_RADII_METERS, ringRadii } from './distance-rings';

describe('distance rings on the result map', () => {
  it('go out to the first ring that holds the target', () => {
    expect(ringRadii(300)).toEqual([500]);
    expect(ringRadii(500)).toEqual([500]);
    expect(ringRadii(12_000)).toEqual([500, 1_000, 2_000, 5_000, 10_000, 25_000]);
  });

  it('stop at 5,000 km for a guess on the other side of the world, and draw none without a guess', () => {
    expect(ringRadii(15_000_000)).toEqual([...RING_RADII_METERS]);
    expect(ringRadii(null)).toEqual([]);
  });
});
