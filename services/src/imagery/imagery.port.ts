import type { LatLng, RoundScene } from '@globetrail/contracts';

/** A picture a round can show. `imageId` is the provider's own id and never reaches a client. */
export interface PanoramaCandidate {
  provider: string;
  imageId: string;
  location: LatLng;
  /** Initial view direction in degrees clockwise from north. */
  heading: number;
  /**
   * The compass bearing the centre column of the provider's equirectangular picture faces (a 360°
   * camera's front), when it is not north: the picture is turned by it before it is served.
   */
  centre?: number;
}

/** A round's own scene of a painted picture (ImageryProvider.freshScene). */
export interface FreshScene {
  scene: RoundScene;
  location: LatLng;
  /** Degrees clockwise from north. */
  heading: number;
}

export interface PanoramaImage {
  body: Buffer;
  contentType: string;
}

export class ImageryUnavailableError extends Error {
  override readonly name = 'ImageryUnavailableError';
}

export interface ImageryProvider {
  readonly name: string;
  /** True when the browser only ever gets image bytes from our server (no provider ids, no coordinates). */
  readonly answerBlind: boolean;
  /** The nearest picture within `radiusMeters`, or null when the provider has none there. */
  findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null>;
  /**
   * Equirectangular image bytes; throws ImageryUnavailableError when the provider cannot serve it. `scene`:
   * a round's own scene of a painted picture (see `freshScene`); providers of photographs ignore it.
   */
  fetchImage(imageId: string, scene?: RoundScene): Promise<PanoramaImage>;
  /**
   * For a picture the provider paints rather than photographs: a new scene of it for one round, drawn
   * from `random` (the server's own source), with where its camera stands (the round's target) and the
   * bearing its road runs (the view's start); `toward`, a shared location: the scene stands there when it
   * can. Null (or absent) for photographs: every round shows them as they are.
   */
  freshScene?(imageId: string, random: () => number, toward?: LatLng): FreshScene | null;
  /**
   * Pictures a player can move to from this one (its sequence neighbours, nearest first), for games that
   * allow movement; absent or empty when the provider has none.
   */
  neighbours?(imageId: string): Promise<PanoramaCandidate[]>;
}
