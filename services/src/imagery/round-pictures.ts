import type { LatLng } from '@globetrail/contracts';
import { MIN_FRESH_LOCATIONS } from '../domain/solo/pick-location.js';
import { type ImageryProvider, ImageryUnavailableError, type PanoramaCandidate } from './imagery.port.js';
import type { HealthStatus, ProviderHealth } from './provider-health.js';

/** An online provider (Panoramax, Mapillary) and what is known of whether it answers. */
export interface OnlineImagery {
  provider: ImageryProvider;
  health: ProviderHealth;
}

export interface RoundPicturesOptions {
  /** How far from a map location an online picture may be and still stand for it. */
  coverageRadiusMeters?: number;
  /** Locations searched online for one round before it falls back to the offline default. */
  attempts?: number;
  /** Time the online searches for one round may take in all before the offline default is used. */
  budgetMs?: number;
}

export const DEFAULT_COVERAGE_RADIUS_METERS = 2_000;

export interface NextPictureOptions {
  /**
   * Only pictures the browser gets as bytes from our server: a provider that is not answer-blind (Google
   * Street View, shown by its own viewer) is skipped and the round plays an offline picture. Ranked games
   * ask for this: a player could read a non-answer-blind round's answer out of the page.
   */
  answerBlindOnly?: boolean;
  /** The locations are the pictures to play as they are (an image map's own): no provider is searched. */
  ownPictures?: boolean;
}

/**
 * Chooses the picture each round shows, when the round is prepared (before anyone sees it), so the
 * round's target is the picture's true position.
 *
 * A map's locations are places, each with its offline picture (the local store: the generated sample
 * scenes, or a map author's own images), or pictures a provider had there (maps saved from the generator).
 * With an online provider configured and answering, a round searches it near the next fresh location; a
 * location with no picture there is replaced by the next fresh one, up to `attempts`, and then by an
 * offline picture, so a round is never a blank view. When the provider fails (or is known to be down)
 * the round uses an offline picture at once.
 */
export class RoundPictures {
  private readonly coverageRadiusMeters: number;
  private readonly attempts: number;
  private readonly budgetMs: number;

  constructor(
    private readonly online: OnlineImagery | null,
    /** The offline pictures (the local store): near shared locations, and for rounds the provider cannot serve. */
    private readonly offline: ImageryProvider & { list(): readonly PanoramaCandidate[] },
    options: RoundPicturesOptions = {},
  ) {
    this.coverageRadiusMeters = options.coverageRadiusMeters ?? DEFAULT_COVERAGE_RADIUS_METERS;
    this.attempts = options.attempts ?? 3;
    this.budgetMs = options.budgetMs ?? 8_000;
  }

  /** The configured online provider and whether it answers; null when only offline pictures are configured. */
  status(): { provider: string; status: HealthStatus } | null {
    return this.online ? { provider: this.online.provider.name, status: this.online.health.current } : null;
  }

  /** The online provider's name when rounds currently use it, else null (offline pictures). */
  get onlineProvider(): string | null {
    return this.online?.health.available() ? this.online.provider.name : null;
  }

  /**
   * The next round's picture among `locations`, never one of `visited` (picture ids this game showed);
   * null only when the map has no locations.
   */
  async next(locations: readonly PanoramaCandidate[], visited: ReadonlySet<string>, random: () => number, options: NextPictureOptions = {}): Promise<PanoramaCandidate | null> {
    const order = freshOrder(locations, visited, random);
    if (order.length === 0) return null;
    if (options.ownPictures) return order[0]!;
    const skipOnline = options.answerBlindOnly === true && this.online?.provider.answerBlind === false;
    const found = skipOnline ? null : await this.searchOnline(order.slice(0, this.attempts).map((location) => location.location), this.coverageRadiusMeters, visited);
    if (found) return found;
    // A map of offline pictures plays its own; a map of online pictures (saved from the generator) plays
    // a fresh offline picture while its provider cannot serve: another place, but never a blank view.
    return order.find((location) => location.provider === this.offline.name) ?? freshOrder(this.offline.list(), visited, random)[0] ?? null;
  }

  /** The picture nearest `at` within `radiusMeters`: online first when it answers, else offline. */
  async near(at: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    return (await this.searchOnline([at], radiusMeters, new Set())) ?? this.offline.findNear(at, radiusMeters);
  }

  private async searchOnline(points: readonly LatLng[], radiusMeters: number, visited: ReadonlySet<string>): Promise<PanoramaCandidate | null> {
    const online = this.online;
    if (!online?.health.available()) return null;
    const deadline = Date.now() + this.budgetMs;
    for (const point of points) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      try {
        const picture = await withinTime(online.provider.findNear(point, radiusMeters), left);
        if (picture === undefined) return null;
        if (picture && !visited.has(picture.imageId)) return picture;
      } catch (error) {
        if (!(error instanceof ImageryUnavailableError)) throw error;
        online.health.markDown(error.message);
        return null;
      }
    }
    return null;
  }
}

/** Fresh locations first, in random order; all of them when fewer than MIN_FRESH_LOCATIONS are fresh. */
function freshOrder(locations: readonly PanoramaCandidate[], visited: ReadonlySet<string>, random: () => number): PanoramaCandidate[] {
  const fresh = locations.filter((location) => !visited.has(location.imageId));
  const pool = fresh.length >= Math.min(MIN_FRESH_LOCATIONS, locations.length) ? fresh : [...locations];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool;
}

/** The promise's value, or undefined when it takes longer than `ms` (it keeps running; its answer is dropped). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // An answer (or failure) that comes after the time is up is dropped, not left unhandled.
  promise.catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
