import type { LatLng } from '@globetrail/contracts';
import { seededRandom } from '../../domain/decision-context.js';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaCandidate } from '../../imagery/imagery.port.js';
import { COVERAGE_RADIUS_METERS, CoverageRun, SEARCHES_IN_FLIGHT, type SampledRegion } from './coverage-run.js';

/** A provider whose answer to each search the test decides; it records what it was asked. */
class ScriptedProvider implements ImageryProvider {
  readonly name = 'panoramax';
  readonly answerBlind = true;
  readonly asked: Array<{ point: LatLng; radius: number }> = [];
  inFlight = 0;
  mostInFlight = 0;

  constructor(private readonly answer: (point: LatLng, call: number) => Promise<PanoramaCandidate | null> | PanoramaCandidate | null) {}

  async findNear(point: LatLng, radius: number): Promise<PanoramaCandidate | null> {
    const call = this.asked.push({ point, radius });
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await this.answer(point, call);
    } finally {
      this.inFlight--;
    }
  }

  fetchImage(): never {
    throw new Error('not used');
  }
}

/** Points in the northern half of a small box; pictures count only north of the equator. */
const region: SampledRegion = {
  sample: (random) => ({ lat: 1 + random(), lng: 10 + random() }),
  contains: (point) => point.lat > 0,
};

/** A picture 150 m north-east of the point, named by the call. */
const pictureNear = (point: LatLng, call: number): PanoramaCandidate => ({
  provider: 'panoramax',
  imageId: `picture-${call}`,
  location: { lat: point.lat + 0.001, lng: point.lng + 0.001 },
  heading: 90,
});

const run = (provider: ImageryProvider, limit: number, now?: () => number) => new CoverageRun({ provider, region, limit, random: seededRandom(1), ...(now ? { now } : {}) });

describe('CoverageRun', () => {
  it("finds `limit` distinct pictures, 4 searches at a time within 1 km, and keeps the pictures' own positions", async () => {
    const provider = new ScriptedProvider(pictureNear);
    const coverage = run(provider, 10);
    await coverage.settled;
    expect(coverage.status).toBe('done');
    expect(coverage.pictures()).toHaveLength(10);
    expect(provider.mostInFlight).toBe(SEARCHES_IN_FLIGHT);
    expect(provider.asked.every(({ radius }) => radius === COVERAGE_RADIUS_METERS)).toBe(true);
    for (const picture of coverage.pictures()) {
      const call = Number(picture.imageId.replace('picture-', ''));
      expect(picture).toEqual(pictureNear(provider.asked[call - 1]!.point, call));
    }
    expect(coverage.error).toBeNull();
  });

  it('counts a picture once however often it is found, and not at all outside the region', async () => {
    let call = 0;
    const provider = new ScriptedProvider((point) => {
      call++;
      if (call % 3 === 0) return { provider: 'panoramax', imageId: 'across-the-border', location: { lat: -1, lng: 10 }, heading: 0 };
      return { ...pictureNear(point, 0), imageId: `picture-${Math.ceil(call / 2)}` };
    });
    const coverage = run(provider, 5);
    await coverage.settled;
    const ids = coverage.pictures().map((picture) => picture.imageId);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain('across-the-border');
    expect(coverage.tried).toBeGreaterThan(5);
  });

  it('gives up after 100 points per location sought, done with what it found', async () => {
    const provider = new ScriptedProvider((point, call) => (call % 250 === 0 ? pictureNear(point, call) : null));
    const coverage = run(provider, 5);
    await coverage.settled;
    expect(coverage).toMatchObject({ status: 'done', tried: 500, error: null });
    expect(coverage.pictures()).toHaveLength(2);
    expect(provider.asked).toHaveLength(500);
  });

  it('fails with a clear error when the provider is unavailable', async () => {
    const provider = new ScriptedProvider((point, call) => {
      if (call > 6) throw new ImageryUnavailableError('panoramax is unavailable (circuit open): 5 failed calls in a row');
      return pictureNear(point, call);
    });
    const coverage = run(provider, 50);
    await coverage.settled;
    expect(coverage.status).toBe('failed');
    expect(coverage.error).toMatch(/^panoramax is unavailable: .*circuit open/);
  });

  it('stops when asked, keeping what it found and dropping answers still in flight', async () => {
    const release: Array<() => void> = [];
    const provider = new ScriptedProvider(async (point, call) => {
      if (call > 3) await new Promise<void>((resolve) => release.push(resolve));
      return pictureNear(point, call);
    });
    const coverage = run(provider, 50);
    while (release.length < SEARCHES_IN_FLIGHT) await new Promise((resolve) => setImmediate(resolve));
    expect(coverage.pictures()).toHaveLength(3);
    coverage.stop();
    for (const resolve of release) resolve();
    await coverage.settled;
    expect(coverage).toMatchObject({ status: 'stopped', tried: 3 });
    expect(coverage.pictures()).toHaveLength(3);
    expect(provider.asked).toHaveLength(3 + SEARCHES_IN_FLIGHT);
  });

  it('measures its time until it ends', async () => {
    let now = 1_000;
    const coverage = run(new ScriptedProvider(pictureNear), 5, () => now);
    now = 3_500;
    await coverage.settled;
    now = 60_000;
    expect(coverage.elapsedMs).toBe(2_500);
    expect(coverage.endedAt).toBe(3_500);
  });
});
