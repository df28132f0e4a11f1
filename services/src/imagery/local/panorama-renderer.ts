/**
 * Makes an entry's JPEG on first fetch, so a store can hold generated pictures without paying for them at
 * boot. `name` is stored with each entry; bumping `version` makes cached pictures render again.
 */
export interface PanoramaRenderer {
  readonly name: string;
  readonly version: string;
  /** `recipe` is what the entry was registered with; the result must be a JPEG. */
  render(recipe: string): Promise<Buffer>;
  /** Releases what it holds (threads); the store it was given to calls this when it closes. */
  close?(): Promise<void>;
}
