import type { LatLng, RoundScene } from '@globetrail/contracts';

/**
 * Makes an entry's JPEG on first fetch, so a store can hold generated pictures without paying for them at
 * boot. `name` is stored with each entry; bumping `version` makes cached pictures render again.
 */
export interface PanoramaRenderer {
  readonly name: string;
  readonly version: string;
  /**
   * `recipe` is what the entry was registered with; the result must be a JPEG. With `scene`, a round's own
   * scene (see `freshScene`), which is painted every time and never cached.
   */
  render(recipe: string, scene?: RoundScene): Promise<Buffer>;
  /**
   * A new scene of the entry for one round, drawn from `random`: where its camera stands, given the
   * entry's location, and the bearing its road runs. Absent: every round shows the entry's one picture.
   */
  freshScene?(recipe: string, at: LatLng, random: () => number, toward?: LatLng): { scene: RoundScene; location: LatLng; heading: number };
  /**
   * True when it paints on threads of its own: then a round's next scene of an entry is painted ahead
   * (ScenesAhead), which on the calling thread would stall its event loop.
   */
  readonly threaded?: boolean;
  /** Releases what it holds (threads); the store it was given to calls this when it closes. */
  close?(): Promise<void>;
}
