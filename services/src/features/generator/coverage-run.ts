import type { LatLng, MapPicture } from '@globetrail/contracts';
import { type ImageryProvider, ImageryUnavailableError } from '../../imagery/imagery.port.js';
import { UnsampleableRegionError } from './region/region-sampler.js';

export type CoverageStatus = 'running' | 'done' | 'stopped' | 'failed';

/** What a run needs of a region: random points in it, and whether a found picture lies in it. */
export interface SampledRegion {
  sample(random: () => number): LatLng;
  contains(point: LatLng): boolean;
}

export interface CoverageRunOptions {
  provider: ImageryProvider;
  region: SampledRegion;
  /** Distinct pictures to find. */
  limit: number;
  random: () => number;
  now?: () => number;
  /** Tells why a run failed when the cause is not the provider (a bug): the view only says it failed. */
  onUnexpectedError?: (error: unknown) => void;
}

/**
 * How far from a random point a picture may be and still count: 1 km keeps a picture near the place
 * drawn, so a country's map follows the country's area rather than where coverage is densest, while a
 * road a few hundred metres from the point still counts (a point rarely falls on a road itself).
 */
export const COVERAGE_RADIUS_METERS = 1_000;
/** Searches in flight at once: enough to hide each request's latency, few enough to be a polite client. */
export const SEARCHES_IN_FLIGHT = 4;
/** Points tried per location sought before a run gives up (a region with little coverage). */
export const TRIES_PER_LOCATION = 100;

/**
 * One generator run: random points of a region, each searched at the provider for the nearest picture
 * within COVERAGE_RADIUS_METERS, until `limit` distinct pictures are found. The position saved is the
 * picture's own, not the point searched; a picture outside the region (the point was near a border or a
 * coast) does not count, so a country's map stays in the country.
 *
 * Ends `done` with `limit` pictures, or with fewer after `limit × TRIES_PER_LOCATION` points (the region
 * has too little coverage: the run did what it could, and what it found can be saved); `stopped` when
 * asked, keeping what it found; `failed` when the provider cannot answer (its retries and circuit breaker
 * are the HTTP client's) or a point cannot be drawn. Searches still in flight when the run ends are not
 * counted.
 */
export class CoverageRun {
  private state: CoverageStatus = 'running';
  private triedCount = 0;
  private issued = 0;
  private failure: string | null = null;
  private readonly found = new Map<string, MapPicture>();
  private readonly startedAt: number;
  private endedAtMs: number | null = null;
  private readonly now: () => number;
  private readonly maxTries: number;
  /** Resolves when every search of the run has come back (or been dropped). */
  readonly settled: Promise<void>;

  constructor(private readonly options: CoverageRunOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.maxTries = options.limit * TRIES_PER_LOCATION;
    this.settled = Promise.all(Array.from({ length: SEARCHES_IN_FLIGHT }, () => this.search())).then(() => this.end('done'));
  }

  get status(): CoverageStatus {
    return this.state;
  }

  get tried(): number {
    return this.triedCount;
  }

  get error(): string | null {
    return this.failure;
  }

  get endedAt(): number | null {
    return this.endedAtMs;
  }

  get elapsedMs(): number {
    return Math.max(0, (this.endedAtMs ?? this.now()) - this.startedAt);
  }

  /** The pictures found, in the order they were found. */
  pictures(): MapPicture[] {
    return [...this.found.values()];
  }

  /** Ends a running run, keeping what it found; a run that has ended stays as it ended. */
  stop(): void {
    this.end('stopped');
  }

  private async search(): Promise<void> {
    const { provider, region, limit, random } = this.options;
    while (this.state === 'running' && this.issued < this.maxTries) {
      this.issued++;
      let picture;
      try {
        picture = await provider.findNear(region.sample(random), COVERAGE_RADIUS_METERS);
      } catch (error) {
        this.fail(error);
        return;
      }
      if (this.state !== 'running') return;
      this.triedCount++;
      if (picture && !this.found.has(picture.imageId) && region.contains(picture.location)) {
        const { provider: source, imageId, location, heading } = picture;
        this.found.set(imageId, { provider: source, imageId, location, heading });
        if (this.found.size >= limit) this.end('done');
      }
    }
  }

  private fail(error: unknown): void {
    if (this.state !== 'running') return;
    if (error instanceof ImageryUnavailableError) {
      this.failure = `${this.options.provider.name} is unavailable: ${error.message}`;
    } else if (error instanceof UnsampleableRegionError) {
      this.failure = error.message;
    } else {
      this.options.onUnexpectedError?.(error);
      this.failure = 'the run stopped on an unexpected error on our side';
    }
    this.end('failed');
  }

  private end(status: Exclude<CoverageStatus, 'running'>): void {
    if (this.state !== 'running') return;
    this.state = status;
    this.endedAtMs = this.now();
  }
}
