import { randomInt } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { PictureStore } from '../../platform/pictures/picture-store.port.js';
import { join } from 'node:path';
import type { FreshScene } from '../imagery.port.js';
import { assertJpeg } from './local-image-input.js';
import type { PanoramaRenderer } from './panorama-renderer.js';

/** The server's own random source for a scene painted ahead (a round's scene is never derivable). */
const secretRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

interface Ahead {
  imageId: string;
  recipe: string;
  fresh: FreshScene;
  /** `queued` until its turn; a round that needs it before then paints it itself (`dropped`). */
  state: 'queued' | 'painting' | 'painted' | 'failed' | 'dropped';
  /** Settles once it is painted (or failed). */
  painted: Promise<void>;
  settle: () => void;
}

/** How long a scene painted ahead stays in a shared picture store: a round's picture is read within it. */
const SHARED_SCENE_TTL_SECONDS = 6 * 3600;
const sharedKeyOf = (imageId: string, seed: number) => `scenes/${imageId}.${seed}.jpg`;

/** Scenes taken by rounds whose pictures were never read, kept at most. */
const MAX_TAKEN = 256;

const keyOf = (imageId: string, seed: number) => `${imageId}.${seed}`;

/**
 * One scene painted ahead for each painted entry a round has shown, so the next round of that place finds
 * its picture ready instead of waiting 0.3–0.5 s for the renderer (issue 27: players never wait longer than
 * when each place had one cached picture). A round takes the waiting scene (its target and heading were
 * drawn with it) and the next one is painted for the round after; only while no player's own render is
 * waiting, one at a time, so painting ahead never delays a picture somebody is waiting for by more than the
 * one paint under way. Scenes ahead live on disk (`<folder>/ahead`, emptied when the process starts: a scene
 * is for one round only), not in memory.
 *
 * Only for renderers that paint on threads of their own: painting ahead on the calling thread would stall
 * the event loop that serves everyone.
 */
export class ScenesAhead {
  /** The scene waiting for each entry's next round. */
  private readonly waiting = new Map<string, Ahead>();
  /** Scenes a round has taken, by entry and seed, until its picture is first read. */
  private readonly taken = new Map<string, Ahead>();
  private readonly queue: Ahead[] = [];
  private paintingAhead = false;
  /** The paint ahead under way, settled when done (close waits for it). */
  private current: Promise<void> = Promise.resolve();
  /** Renders players are waiting for: painting ahead waits for none of them to be left. */
  private requests = 0;
  private readonly cleared: Promise<void>;
  /** How each entry's scenes are drawn (its recipe and renderer), learnt from its rounds. */
  private readonly draws = new Map<string, { recipe: string; draw: (random: () => number) => FreshScene }>();

  constructor(
    private readonly folder: string,
    private readonly renderer: PanoramaRenderer,
    /**
     * A picture store every replica shares (the full stack): each scene painted ahead is put there too, so
     * a round prepared on one replica whose picture is asked of another finds it painted.
     */
    private readonly shared: PictureStore | null = null,
  ) {
    this.cleared = rm(folder, { recursive: true, force: true }).then(() => mkdir(folder, { recursive: true })).then(() => undefined);
    // A failure to clear shows up as the first paint's failure; nothing waits on this alone.
    this.cleared.catch(() => undefined);
  }

  /**
   * The scene for a round of `imageId`: the one painted ahead when there is one, else one drawn now with
   * `random` (the round's). The next
   * is painted ahead once a round's picture of the entry is read (see `read`): entries nobody looks at
   * (rounds whose players never load pictures) cost no painting.
   */
  take(imageId: string, recipe: string, draw: (random: () => number) => FreshScene, random: () => number): FreshScene {
    this.draws.set(imageId, { recipe, draw });
    const ahead = this.waiting.get(imageId);
    if (!ahead) return draw(random);
    this.waiting.delete(imageId);
    this.taken.set(keyOf(imageId, ahead.fresh.scene.seed), ahead);
    // Rounds whose pictures are never asked for leave their scenes here: the oldest go.
    for (const [key, old] of this.taken) {
      if (this.taken.size <= MAX_TAKEN) break;
      this.taken.delete(key);
      this.forget(old);
    }
    return ahead.fresh;
  }

  /**
   * The picture of a scene this painted ahead, once (then forgotten: a round's variant is kept elsewhere);
   * null when there is none, or its turn has not come yet (the caller paints it now: it is wanted now).
   */
  async read(imageId: string, seed: number): Promise<Buffer | null> {
    const key = keyOf(imageId, seed);
    const ahead = this.taken.get(key);
    // A round of this entry is being looked at: its next round's scene is painted ahead.
    const draws = this.draws.get(imageId);
    if (draws && !this.waiting.has(imageId)) this.paintNext(imageId, draws.recipe, draws.draw(secretRandom));
    if (!ahead) return this.shared ? ((await this.shared.get(sharedKeyOf(imageId, seed)).catch(() => null))?.body ?? null) : null;
    this.taken.delete(key);
    if (ahead.state === 'queued') {
      ahead.state = 'dropped';
      return null;
    }
    await ahead.painted;
    const file = join(this.folder, `${key}.jpg`);
    try {
      return ahead.state === 'painted' ? await readFile(file) : null;
    } catch {
      return null;
    } finally {
      void rm(file, { force: true });
    }
  }

  /** Resolves once the folder is cleared and the paint under way (if any) has settled: nothing left touching the disk. */
  async close(): Promise<void> {
    this.queue.length = 0;
    await this.cleared;
    await this.current;
  }

  /** Runs a render a player is waiting for; painting ahead holds back meanwhile. */
  async request<T>(render: () => Promise<T>): Promise<T> {
    this.requests += 1;
    try {
      return await render();
    } finally {
      this.requests -= 1;
      this.next();
    }
  }

  private paintNext(imageId: string, recipe: string, fresh: FreshScene): void {
    let settle!: () => void;
    const painted = new Promise<void>((resolve) => (settle = resolve));
    const ahead: Ahead = { imageId, recipe, fresh, state: 'queued', painted, settle };
    this.waiting.set(imageId, ahead);
    this.queue.push(ahead);
    this.next();
  }

  private async paintAhead(ahead: Ahead): Promise<void> {
    ahead.state = 'painting';
    try {
      // The render needs no folder: it starts at once, the folder is awaited only to write.
      const body = await this.renderer.render(ahead.recipe, ahead.fresh.scene);
      assertJpeg(body);
      await this.cleared;
      const file = join(this.folder, `${keyOf(ahead.imageId, ahead.fresh.scene.seed)}.jpg`);
      await writeFile(`${file}.tmp`, body);
      await rename(`${file}.tmp`, file);
      // For another replica that is asked for this round's picture (a failure only costs it a paint).
      await this.shared?.put(sharedKeyOf(ahead.imageId, ahead.fresh.scene.seed), body, { ttlSeconds: SHARED_SCENE_TTL_SECONDS }).catch(() => undefined);
      ahead.state = 'painted';
    } catch {
      // The round that takes it paints its own.
      ahead.state = 'failed';
    } finally {
      ahead.settle();
    }
  }

  private next(): void {
    if (this.paintingAhead || this.requests > 0) return;
    let ahead = this.queue.shift();
    // A scene no longer waiting for a round (a round took another first) or painted by its round is skipped.
    while (ahead && (ahead.state === 'dropped' || (this.waiting.get(ahead.imageId) !== ahead && !this.isTaken(ahead)))) ahead = this.queue.shift();
    if (!ahead) return;
    this.paintingAhead = true;
    this.current = this.paintAhead(ahead).finally(() => {
      this.paintingAhead = false;
      this.next();
    });
  }

  /** A scene no round will read: its file goes once painted, or it is not painted at all. */
  private forget(ahead: Ahead): void {
    if (ahead.state === 'queued') ahead.state = 'dropped';
    else void ahead.painted.then(() => rm(join(this.folder, `${keyOf(ahead.imageId, ahead.fresh.scene.seed)}.jpg`), { force: true }));
  }

  private isTaken(ahead: Ahead): boolean {
    return this.taken.get(keyOf(ahead.imageId, ahead.fresh.scene.seed)) === ahead;
  }
}
