import { ApiException } from '../../api/api-error.js';
import { seededRandom } from '../../domain/decision-context.js';
import type { ImageryProvider, PanoramaCandidate } from '../../imagery/imagery.port.js';
import { CoverageRun } from './coverage-run.js';
import { GENERATOR_RUN_LIMITS, GeneratorRuns } from './generator-runs.js';

/** Searches that never come back: runs stay running until stopped. */
const silent: ImageryProvider = {
  name: 'panoramax',
  answerBlind: true,
  findNear: () => new Promise<PanoramaCandidate | null>(() => undefined),
  fetchImage: () => Promise.reject(new Error('not used')),
};
const everywhere: ImageryProvider = {
  ...silent,
  findNear: async (point) => ({ provider: 'panoramax', imageId: `${point.lat},${point.lng}`, location: point, heading: 0 }),
};
const region = { sample: (random: () => number) => ({ lat: random(), lng: random() }), contains: () => true };

function setup() {
  const clock = { now: 0 };
  const runs = new GeneratorRuns({ now: () => clock.now });
  const start = (ownerId: string, provider = silent) =>
    runs.start(ownerId, { provider: 'panoramax', region: 'FR', limit: 5 }, () => new CoverageRun({ provider, region, limit: 5, random: seededRandom(1), now: () => clock.now }));
  return { clock, runs, start };
}

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (error) {
    if (error instanceof ApiException) return error.getResponse();
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('GeneratorRuns', () => {
  it('lets a player run two at once, and a third once one has ended', () => {
    const { runs, start } = setup();
    const first = start('ada');
    start('ada');
    expect(refusal(() => start('ada'))).toMatchObject({ statusCode: 429, code: 'too_many_runs' });
    runs.owned('ada', first.runId).coverage.stop();
    expect(start('ada').coverage.status).toBe('running');
  });

  it('runs at most 8 in all', () => {
    const { start } = setup();
    for (let i = 0; i < GENERATOR_RUN_LIMITS.maxRunning; i++) start(`player-${Math.floor(i / 2)}`);
    expect(refusal(() => start('latecomer'))).toMatchObject({ statusCode: 429, code: 'generator_busy' });
  });

  it("shows a run to its owner only: anyone else's reads as not found", () => {
    const { runs, start } = setup();
    const run = start('ada');
    expect(runs.owned('ada', run.runId)).toBe(run);
    expect(refusal(() => runs.owned('bob', run.runId))).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(refusal(() => runs.owned('ada', 'no-such-run'))).toMatchObject({ statusCode: 404 });
  });

  it('forgets a run an hour after it ended, not before, and never while it runs', async () => {
    const { clock, runs, start } = setup();
    const running = start('ada');
    const ended = start('bob', everywhere);
    await ended.coverage.settled;
    expect(ended.coverage.status).toBe('done');
    clock.now = GENERATOR_RUN_LIMITS.keepEndedMs - 1;
    expect(runs.owned('bob', ended.runId)).toBe(ended);
    clock.now = GENERATOR_RUN_LIMITS.keepEndedMs;
    expect(refusal(() => runs.owned('bob', ended.runId))).toMatchObject({ statusCode: 404 });
    expect(runs.owned('ada', running.runId)).toBe(running);
  });

  it('views a run with its progress', async () => {
    const { clock, start } = setup();
    const run = start('bob', everywhere);
    clock.now = 2_000;
    await run.coverage.settled;
    expect(run.view()).toEqual({
      runId: run.runId,
      provider: 'panoramax',
      region: 'FR',
      limit: 5,
      status: 'done',
      tried: expect.any(Number),
      found: 5,
      ratePerSecond: Math.round((run.coverage.tried / 2) * 10) / 10,
      elapsedMs: 2_000,
      points: run.coverage.pictures().map((picture) => picture.location),
      error: null,
      mapId: null,
    });
  });
});
