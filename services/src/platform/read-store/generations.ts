/**
 * Generations of a read model, for blue/green rebuilds (`npm run ops -- rebuild`).
 *
 * A projection's documents and checkpoint live under physical names: generation 0 under the names
 * themselves (every read model starts there), generation g > 0 under `name@g`. Readers name collections
 * and checkpoints plainly and the read store answers from the projection's **active** generation; a
 * rebuild fills a **building** generation while the active one keeps serving reads, then switches once the
 * new one's checkpoint has reached the active one's, in one atomic step. A name with `@g` is physical and
 * is never resolved. Writes (commit, reset, ensureIndex) always take physical names.
 *
 * A commit for a generation that is neither active nor building throws GenerationMovedError: the
 * projection runner that made it was serving the generation a rebuild just replaced, and starts again on
 * the new one (emptying its document cache, since the new documents may differ from what it computed).
 */
export interface Generations {
  /** The generation reads are answered from. */
  active: number;
  /** The generation a rebuild is filling; null when none is. */
  building: number | null;
}

const PHYSICAL = /^(.*)@([1-9][0-9]*)$/;

export function generationName(name: string, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 0) throw new TypeError(`read store: invalid generation ${generation}`);
  return generation === 0 ? name : `${name}@${generation}`;
}

/** The plain name and generation a physical name stands for (`leaderboards@3` → leaderboards, 3). */
export function parseGenerationName(name: string): { base: string; generation: number } {
  const match = PHYSICAL.exec(name);
  return match ? { base: match[1]!, generation: Number(match[2]) } : { base: name, generation: 0 };
}

export class GenerationMovedError extends Error {
  override readonly name = 'GenerationMovedError';
  constructor(readonly projection: string, readonly generation: number, readonly current: Generations) {
    super(`read store: ${projection} generation ${generation} is no longer written (active ${current.active}${current.building === null ? '' : `, building ${current.building}`})`);
  }
}

/** A projection's generation row as the adapters store it. */
export interface GenerationRow extends Generations {
  projection: string;
  /** The collections the active generation's physical names are resolved for. */
  collections: string[];
}

/** Throws unless `batchProjection` (a physical name) is the active or the building generation. */
export function checkWritable(batchProjection: string, row: Generations | null): void {
  const { base, generation } = parseGenerationName(batchProjection);
  const current = row ?? { active: 0, building: null };
  if (generation !== current.active && generation !== current.building) throw new GenerationMovedError(base, generation, current);
}

/** Plain names → the active generation's physical names, for collections and checkpoints. */
export class GenerationResolver {
  private readonly collections = new Map<string, string>();
  private readonly projections = new Map<string, string>();

  constructor(rows: readonly GenerationRow[]) {
    for (const row of rows) {
      if (row.active === 0) continue;
      this.projections.set(row.projection, generationName(row.projection, row.active));
      for (const collection of row.collections) this.collections.set(collection, generationName(collection, row.active));
    }
  }

  collection(name: string): string {
    return this.collections.get(name) ?? name;
  }

  projection(name: string): string {
    return this.projections.get(name) ?? name;
  }
}
