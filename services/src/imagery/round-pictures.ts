import { greatCircleDistance, type LatLng, type MapContent, type MapLocation } from '@globetrail/contracts';
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
  /**
   * Pictures its players were shown lately in other games (RecentPictures): avoided like the game's own
   * while another picture can play, then allowed again (a place never blocks a round).
   */
  avoid?: ReadonlySet<string>;
}

/** A map location drawn for a round (see domain/solo/pick-location.ts), as the round planner hands it over. */
export interface DrawnLocation {
  idx: number;
  location: MapLocation;
}

export interface PickedPicture {
  picture: PanoramaCandidate;
  /** The drawn location the picture stands for. */
  idx: number;
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
  /** How many locations a round draws: the first with a picture online plays. */
  readonly attempts: number;
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
   * The picture for a round drawn at `drawn` (in order: the first is preferred), never one of `visited`
   * (picture ids the game showed). A map's own pictures play as they are: an image map's always, a
   * provider's (maps saved from the generator) while that provider answers. Places are searched online
   * near each drawn location in turn. Otherwise, and whenever the provider cannot serve, the round plays
   * the fresh offline picture nearest the first location: another place, but never a blank view. Null
   * only when nothing was drawn or there is no picture at all.
   */
  async pick(drawn: readonly DrawnLocation[], content: MapContent, visited: ReadonlySet<string>, options: NextPictureOptions = {}): Promise<PickedPicture | null> {
    const first = drawn[0];
    if (!first) return null;
    if (content !== 'places') {
      for (const { idx, location } of drawn) {
        const picture = ownPicture(location);
        if (picture && !visited.has(picture.imageId) && (content === 'image' || this.canServe(picture.provider, options))) return { picture, idx };
      }
    } else if (!(options.answerBlindOnly === true && this.online?.provider.answerBlind === false)) {
      const points = drawn.map((candidate) => candidate.location);
      // Photos the players saw lately are passed over while others are near; then they may play again.
      const found =
        (await this.searchOnline(points, this.coverageRadiusMeters, withAvoided(visited, options.avoid))) ??
        (options.avoid && options.avoid.size > 0 ? await this.searchOnline(points, this.coverageRadiusMeters, visited) : null);
      if (found) {
        const heading = drawn[found.index]!.location.heading;
        return { picture: heading === undefined ? found.picture : { ...found.picture, heading }, idx: drawn[found.index]!.idx };
      }
    }
    const offline = this.nearestOffline(first.location, visited, options.avoid);
    return offline && { picture: offline, idx: first.idx };
  }

  /**
   * What the map editor shows for a location: the picture a round drawn there would find online, else the
   * nearest offline scene. A provider shown by its own viewer (not answer-blind) is never previewed here.
   */
  async preview(at: LatLng): Promise<{ picture: PanoramaCandidate; source: 'online' | 'offline' } | null> {
    if (this.online?.provider.answerBlind !== false) {
      const found = await this.searchOnline([at], this.coverageRadiusMeters, new Set());
      if (found) return { picture: found.picture, source: 'online' };
    }
    const offline = this.nearestOffline(at, new Set());
    return offline && { picture: offline, source: 'offline' };
  }

  /** Whether a provider's own picture can play now: the offline store always, the online provider while it answers. */
  private canServe(provider: string, options: NextPictureOptions): boolean {
    if (provider === this.offline.name) return true;
    const online = this.online;
    if (!online || online.provider.name !== provider || !online.health.available()) return false;
    return !(options.answerBlindOnly === true && !online.provider.answerBlind);
  }

  /**
   * The offline picture nearest `to` that neither the game nor its players lately were shown; else one the
   * game has not shown; any, once it has shown them all.
   */
  private nearestOffline(to: LatLng, visited: ReadonlySet<string>, avoid?: ReadonlySet<string>): PanoramaCandidate | null {
    const all = this.offline.list();
    const fresh = all.filter((picture) => !visited.has(picture.imageId));
    const unseen = avoid && avoid.size > 0 ? fresh.filter((picture) => !avoid.has(picture.imageId)) : fresh;
    let best: PanoramaCandidate | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const picture of unseen.length > 0 ? unseen : fresh.length > 0 ? fresh : all) {
      const distance = greatCircleDistance(to, picture.location);
      if (distance < bestDistance) [best, bestDistance] = [picture, distance];
    }
    return best;
  }

  /** How many of `points` have an offline picture within `radiusMeters` (no provider is asked). */
  offlineCoverage(points: readonly LatLng[], radiusMeters: number): number {
    const pictures = this.offline.list().map((picture) => picture.location);
    let covered = 0;
    for (const point of points) if (pictures.some((at) => greatCircleDistance(point, at) <= radiusMeters)) covered += 1;
    return covered;
  }

  /** The picture nearest `at` within `radiusMeters`: online first when it answers, else offline. */
  async near(at: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    return (await this.searchOnline([at], radiusMeters, new Set()))?.picture ?? this.offline.findNear(at, radiusMeters);
  }

  /** The first of `points` (in order) the online provider has a fresh picture near, with its index. */
  private async searchOnline(points: readonly LatLng[], radiusMeters: number, visited: ReadonlySet<string>): Promise<{ picture: PanoramaCandidate; index: number } | null> {
    const online = this.online;
    if (!online?.health.available()) return null;
    const deadline = Date.now() + this.budgetMs;
    for (const [index, point] of points.entries()) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      try {
        const picture = await withinTime(online.provider.findNear(point, radiusMeters), left);
        if (picture === undefined) return null;
        if (picture && !visited.has(picture.imageId)) return { picture, index };
      } catch (error) {
        if (!(error instanceof ImageryUnavailableError)) throw error;
        online.health.markDown(error.message);
        return null;
      }
    }
    return null;
  }
}

function withAvoided(visited: ReadonlySet<string>, avoid: ReadonlySet<string> | undefined): ReadonlySet<string> {
  return avoid && avoid.size > 0 ? new Set([...visited, ...avoid]) : visited;
}

/** A location that is a picture (a generator map's, an image map's) as the picture to play. */
function ownPicture(location: MapLocation): PanoramaCandidate | null {
  if (!location.picture) return null;
  return { provider: location.picture.provider, imageId: location.picture.imageId, location: { lat: location.lat, lng: location.lng }, heading: location.heading ?? 0 };
}

/** The promise's value, or undefined when it takes longer than `ms` (it keeps running; its answer is dropped). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // An answer (or failure) that comes after the time is up is dropped, not left unhandled.
  promise.catch(() => undefined);
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
