import { randomUUID } from 'node:crypto';
import type { GeneratorProvider, GeneratorRunView, MapEntry } from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import type { CoverageRun } from './coverage-run.js';

export interface GeneratorRunsOptions {
  now?: () => number;
  /** Running runs one player may have at once. */
  maxRunningPerUser?: number;
  /** Running runs the server holds at once, everyone's together. */
  maxRunning?: number;
  /** How long a run that ended stays, to be read and saved. */
  keepEndedMs?: number;
}

export const GENERATOR_RUN_LIMITS = { maxRunningPerUser: 2, maxRunning: 8, keepEndedMs: 60 * 60 * 1000 } as const;

/** A run and what became of it; only its owner may see it. */
export class GeneratorRun {
  readonly runId = randomUUID();
  /** The saved map, once saved. */
  mapId: string | null = null;
  /** The id the first save chose, so a save retried after a failure appends under the same map id. */
  reservedMapId: string | null = null;
  /** A save under way: a second save at the same time waits for it instead of saving again. */
  saving: Promise<MapEntry> | null = null;

  constructor(
    readonly ownerId: string,
    readonly provider: GeneratorProvider,
    /** As requested: an ISO 3166-1 alpha-2 code, or 'polygon'. */
    readonly region: string,
    readonly limit: number,
    readonly coverage: CoverageRun,
  ) {}

  view(): GeneratorRunView {
    const { coverage } = this;
    const elapsedMs = Math.round(coverage.elapsedMs);
    const pictures = coverage.pictures();
    return {
      runId: this.runId,
      provider: this.provider,
      region: this.region,
      limit: this.limit,
      status: coverage.status,
      tried: coverage.tried,
      found: pictures.length,
      ratePerSecond: elapsedMs > 0 ? Math.round((coverage.tried / elapsedMs) * 10_000) / 10 : 0,
      elapsedMs,
      points: pictures.map((picture) => picture.location),
      error: coverage.error,
      mapId: this.mapId,
    };
  }
}

/**
 * Generator runs, held in memory: a run is a few minutes of searching for the person making a map, and
 * what outlives it is the map they save (an event). Bounded so that a few players cannot make the server
 * hammer a provider: at most `maxRunningPerUser` running runs a player and `maxRunning` in all (429
 * otherwise), and a run that ended is forgotten `keepEndedMs` after it ended.
 */
export class GeneratorRuns {
  private readonly runs = new Map<string, GeneratorRun>();
  private readonly now: () => number;
  private readonly limits: Required<Omit<GeneratorRunsOptions, 'now'>>;

  constructor(options: GeneratorRunsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.limits = {
      maxRunningPerUser: options.maxRunningPerUser ?? GENERATOR_RUN_LIMITS.maxRunningPerUser,
      maxRunning: options.maxRunning ?? GENERATOR_RUN_LIMITS.maxRunning,
      keepEndedMs: options.keepEndedMs ?? GENERATOR_RUN_LIMITS.keepEndedMs,
    };
  }

  /** Starts a run (`startCoverage` begins the searching) when the limits allow another. */
  start(ownerId: string, run: { provider: GeneratorProvider; region: string; limit: number }, startCoverage: () => CoverageRun): GeneratorRun {
    this.forgetEnded();
    const running = [...this.runs.values()].filter((r) => r.coverage.status === 'running');
    const own = running.filter((r) => r.ownerId === ownerId).length;
    if (own >= this.limits.maxRunningPerUser) {
      throw new ApiException(429, 'too_many_runs', `you have ${own} runs searching already: stop one or wait until one is done`);
    }
    if (running.length >= this.limits.maxRunning) {
      throw new ApiException(429, 'generator_busy', `the server is running ${running.length} generator runs, as many as it takes: try again in a few minutes`);
    }
    const created = new GeneratorRun(ownerId, run.provider, run.region, run.limit, startCoverage());
    this.runs.set(created.runId, created);
    return created;
  }

  /** The caller's run; anyone else's reads as not found, as a run that was forgotten does. */
  owned(ownerId: string, runId: string): GeneratorRun {
    this.forgetEnded();
    const run = this.runs.get(runId);
    if (!run || run.ownerId !== ownerId) throw notFound(`no generator run ${runId}: runs are kept ${this.limits.keepEndedMs / 60_000} minutes after they end`);
    return run;
  }

  stopAll(): void {
    for (const run of this.runs.values()) run.coverage.stop();
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [runId, run] of this.runs) {
      const { endedAt } = run.coverage;
      if (endedAt !== null && now - endedAt >= this.limits.keepEndedMs && run.saving === null) this.runs.delete(runId);
    }
  }
}
