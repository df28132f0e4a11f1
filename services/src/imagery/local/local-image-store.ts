import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { greatCircleDistance, type LatLng, type RoundScene } from '@globetrail/contracts';
import type { PictureStore } from '../../platform/pictures/picture-store.port.js';
import { openDatabase, type SqliteDatabase } from '../../platform/sqlite/open-database.js';
import {
  ImageryUnavailableError,
  type FreshScene,
  type ImageryProvider,
  type PanoramaCandidate,
  type PanoramaImage,
} from '../imagery.port.js';
import {
  assertJpeg,
  imageIdOrNew,
  isSafeImageId,
  PanoramaRejectedError,
  validHeading,
  validLocation,
} from './local-image-input.js';
import type { PanoramaRenderer } from './panorama-renderer.js';
import { RenderedPictures } from './rendered-pictures.js';
import { searchBox } from './search-box.js';

export interface LocalPanorama extends PanoramaCandidate {
  attribution: string | null;
}

interface EntryInput {
  /** Generated when absent; otherwise letters, digits, '-' and '_' only. */
  imageId?: string;
  /**
   * The player who uploaded it for their own image map. Owned pictures stay out of the shared pool
   * (`list`, `findNear`: the world map and shared locations); their owner puts them in maps.
   */
  owner?: string;
  location: LatLng;
  heading: number;
  attribution?: string;
}

export interface StoredPanoramaInput extends EntryInput {
  jpeg: Buffer;
}

export interface RenderedPanoramaInput extends EntryInput {
  /** The `name` of one of the store's renderers. */
  renderer: string;
  recipe: string;
}

export interface LocalImageStoreOptions {
  /** The store owns them: `close()` closes them too. */
  renderers?: readonly PanoramaRenderer[];
  /** Paint rounds' next scenes ahead, for renderers on threads of their own (default true). */
  scenesAhead?: boolean;
  /**
   * The picture store (platform/pictures): players' uploads live there (files under DATA_DIR/pictures in one
   * process; GridFS on the full stack, where an upload taken by one api replica plays, and can be put in a
   * map, on every other). When it is shared, scenes painted ahead are put there too (ScenesAhead).
   */
  uploads?: PictureStore;
}

/** `renderer` is null for pictures added as files. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS panoramas (
    image_id    TEXT PRIMARY KEY,
    lat         REAL NOT NULL,
    lng         REAL NOT NULL,
    heading     REAL NOT NULL,
    attribution TEXT,
    renderer    TEXT,
    recipe      TEXT,
    owner       TEXT
  );
  CREATE INDEX IF NOT EXISTS panoramas_by_lat_lng ON panoramas (lat, lng);
`;

/** Stores made before pictures had owners get the column (null: the shared pool). */
const ADD_OWNER = 'ALTER TABLE panoramas ADD COLUMN owner TEXT';

interface Row {
  image_id: string;
  lat: number;
  lng: number;
  heading: number;
  attribution: string | null;
  renderer: string | null;
  recipe: string | null;
  owner: string | null;
}

type InsertParams = [string, number, number, number, string | null, string | null, string | null, string | null];

function prepareStatements(db: SqliteDatabase) {
  const inBox = 'SELECT * FROM panoramas WHERE owner IS NULL AND lat BETWEEN ? AND ?';
  return {
    insert: db.prepare<InsertParams, never>(
      'INSERT INTO panoramas (image_id, lat, lng, heading, attribution, renderer, recipe, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    byId: db.prepare<[string], Row>('SELECT * FROM panoramas WHERE image_id = ?'),
    all: db.prepare<[], Row>('SELECT * FROM panoramas WHERE owner IS NULL ORDER BY rowid'),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM panoramas WHERE owner IS NULL'),
    ownedBy: db.prepare<[string, string], Row>('SELECT * FROM panoramas WHERE image_id = ? AND owner = ?'),
    inLatBand: db.prepare<[number, number], Row>(inBox),
    inBox: db.prepare<[number, number, number, number], Row>(`${inBox} AND lng BETWEEN ? AND ?`),
    inSplitBox: db.prepare<[number, number, number, number, number, number], Row>(
      `${inBox} AND (lng BETWEEN ? AND ? OR lng BETWEEN ? AND ?)`,
    ),
  };
}

const toPanorama = (row: Row): LocalPanorama => ({
  provider: 'local',
  imageId: row.image_id,
  location: { lat: row.lat, lng: row.lng },
  heading: row.heading,
  attribution: row.attribution,
});

const uploadKey = (imageId: string) => `uploads/${imageId}.jpg`;

const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const isDuplicateKey = (error: unknown) =>
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/**
 * Equirectangular JPEGs on disk with a SQLite index of where they were taken:
 * `<dir>/index.sqlite`, `<dir>/images/<imageId>.jpg` for added files, and
 * `<dir>/rendered/<renderer>.<version>/<imageId>.jpg` for pictures a renderer made on first fetch.
 */
export class LocalImageStore implements ImageryProvider {
  readonly name = 'local';
  readonly answerBlind = true;
  private readonly db: SqliteDatabase;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly rendered: RenderedPictures;
  /** The shared pool as list() answers it, until the next insert. */
  private shared: LocalPanorama[] | null = null;
  private readonly uploads: PictureStore | null;
  /** The picture store when every replica shares it (uploads taken elsewhere are looked for there). */
  private readonly sharedStore: PictureStore | null;

  constructor(
    private readonly dir: string,
    options: LocalImageStoreOptions = {},
  ) {
    this.uploads = options.uploads ?? null;
    this.sharedStore = options.uploads?.shared ? options.uploads : null;
    this.rendered = new RenderedPictures(join(dir, 'rendered'), options.renderers ?? [], options.scenesAhead ?? true, this.sharedStore);
    mkdirSync(join(dir, 'images'), { recursive: true });
    this.db = openDatabase(join(dir, 'index.sqlite'));
    this.db.exec(SCHEMA);
    const columns = this.db.prepare<[], { name: string }>('PRAGMA table_info(panoramas)').all();
    if (!columns.some((column) => column.name === 'owner')) this.db.exec(ADD_OWNER);
    this.statements = prepareStatements(this.db);
  }

  canRender(rendererName: string): boolean {
    return this.rendered.canRender(rendererName);
  }

  add(input: StoredPanoramaInput): LocalPanorama {
    assertJpeg(input.jpeg);
    const params = this.rowFor(input, null, null);
    const file = this.storedFile(params[0]);
    this.db.transaction(() => {
      this.insert(params);
      // Inside the transaction: a failed write rolls the row back, and a row never points at a missing file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        writeFileSync(temporary, input.jpeg);
        renameSync(temporary, file);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
    })();
    return this.get(params[0]);
  }

  /**
   * A player's upload for their image maps: its picture goes to the picture store first, then its row here
   * (an upload that cannot be stored is refused, nothing kept). Without a picture store (tests, tools) it is
   * kept as a file here, like pictures added with `add`.
   */
  async upload(input: StoredPanoramaInput & { owner: string }): Promise<LocalPanorama> {
    assertJpeg(input.jpeg);
    if (!this.uploads) return this.add(input);
    const params = this.rowFor(input, null, null);
    const [imageId, lat, lng, heading, attribution, , , owner] = params;
    await this.uploads.put(uploadKey(imageId), input.jpeg, { contentType: 'image/jpeg', metadata: { lat, lng, heading, attribution, owner } });
    try {
      this.insert(params);
    } catch (error) {
      await this.uploads.delete(uploadKey(imageId)).catch(() => undefined);
      throw error;
    }
    return this.get(imageId);
  }

  /**
   * The pictures among `imageIds` that `owner` uploaded, here or (full stack) on any replica, in the order
   * asked; unknown or others' ids are left out.
   */
  async ownedByAnywhere(owner: string, imageIds: readonly string[]): Promise<LocalPanorama[]> {
    const here = new Map(this.ownedBy(owner, imageIds).map((picture) => [picture.imageId, picture]));
    const found: LocalPanorama[] = [];
    for (const imageId of imageIds) {
      const picture = here.get(imageId) ?? (await this.sharedUpload(imageId, owner));
      if (picture) found.push(picture);
    }
    return found;
  }

  /** Registers pictures whose JPEG a renderer makes on first fetch; all or none. */
  addRendered(inputs: readonly RenderedPanoramaInput[]): LocalPanorama[] {
    const rows = inputs.map((input) => {
      if (!this.rendered.canRender(input.renderer)) {
        throw new PanoramaRejectedError(`this store has no renderer named ${JSON.stringify(input.renderer)}`);
      }
      if (input.recipe === '') throw new PanoramaRejectedError('a rendered panorama needs a recipe');
      return this.rowFor(input, input.renderer, input.recipe);
    });
    this.db.transaction(() => rows.forEach((params) => this.insert(params)))();
    return rows.map(([imageId]) => this.get(imageId));
  }

  /** The shared pool: every picture no player owns (the sample set and the operator's own). */
  list(): LocalPanorama[] {
    // Read for every round's picture; the pool changes only through insert() in this process.
    this.shared ??= this.statements.all.all().map(toPanorama);
    return [...this.shared];
  }

  /** The pictures among `imageIds` that `owner` uploaded, in the order asked; unknown or others' ids are left out. */
  ownedBy(owner: string, imageIds: readonly string[]): LocalPanorama[] {
    return imageIds.flatMap((imageId) => {
      const row = isSafeImageId(imageId) ? this.statements.ownedBy.get(imageId, owner) : undefined;
      return row ? [toPanorama(row)] : [];
    });
  }

  /** Pictures in the shared pool. */
  count(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  async findNear(location: LatLng, radiusMeters: number): Promise<PanoramaCandidate | null> {
    const center = validLocation(location);
    if (!(radiusMeters >= 0)) return null;
    let best: { row: Row; distance: number } | null = null;
    for (const row of this.rowsInBox(center, radiusMeters)) {
      const distance = greatCircleDistance(center, row);
      if (distance > radiusMeters) continue;
      if (!best || distance < best.distance || (distance === best.distance && row.image_id < best.row.image_id)) {
        best = { row, distance };
      }
    }
    return best && toPanorama(best.row);
  }

  async fetchImage(imageId: string, scene?: RoundScene): Promise<PanoramaImage> {
    const row = isSafeImageId(imageId) ? (this.statements.byId.get(imageId) ?? (await this.adoptUpload(imageId))) : undefined;
    if (!row) throw new ImageryUnavailableError(`no local panorama ${JSON.stringify(imageId)}`);
    const body =
      row.renderer === null || row.recipe === null
        ? await this.readStored(imageId, row.owner !== null)
        : scene
          ? await this.rendered.paint(imageId, row.renderer, row.recipe, scene)
          : await this.rendered.read(imageId, row.renderer, row.recipe);
    return { body, contentType: 'image/jpeg' };
  }

  /** A round's own scene of a painted entry (its renderer's freshScene); null for photographs. */
  freshScene(imageId: string, random: () => number, toward?: LatLng): FreshScene | null {
    const row = isSafeImageId(imageId) ? this.statements.byId.get(imageId) : undefined;
    if (!row || row.renderer === null || row.recipe === null) return null;
    return this.rendered.freshScene(imageId, row.renderer, row.recipe, { lat: row.lat, lng: row.lng }, random, toward);
  }

  /** Closes the index at once; resolves when the renderers have stopped their threads too. */
  close(): Promise<void> {
    this.db.close();
    return this.rendered.close();
  }

  /** `owner`'s upload another replica took, as a panorama (from the shared store's metadata); null when none. */
  private async sharedUpload(imageId: string, owner: string): Promise<LocalPanorama | null> {
    if (!this.sharedStore || !isSafeImageId(imageId)) return null;
    const head = await this.sharedStore.head(uploadKey(imageId));
    if (head?.metadata.owner !== owner) return null;
    const { lat, lng, heading, attribution } = head.metadata as { lat: number; lng: number; heading: number; attribution: string | null };
    return { provider: 'local', imageId, location: { lat, lng }, heading, attribution };
  }

  /** An upload another replica took: its row here on its first fetch (its picture stays in the shared store). */
  private async adoptUpload(imageId: string): Promise<Row | undefined> {
    if (!this.sharedStore) return undefined;
    const head = await this.sharedStore.head(uploadKey(imageId));
    if (!head) return undefined;
    const { lat, lng, heading, attribution, owner } = head.metadata as { lat: number; lng: number; heading: number; attribution: string | null; owner: string };
    try {
      this.insert(this.rowFor({ imageId, location: { lat, lng }, heading, owner, ...(attribution === null ? {} : { attribution }) }, null, null));
    } catch (error) {
      // Adopted meanwhile by another request here.
      if (!(error instanceof PanoramaRejectedError)) throw error;
    }
    return this.statements.byId.get(imageId);
  }

  private rowFor(input: EntryInput, renderer: string | null, recipe: string | null): InsertParams {
    const imageId = imageIdOrNew(input.imageId);
    const { lat, lng } = validLocation(input.location);
    const attribution = input.attribution ?? null;
    return [imageId, lat, lng, validHeading(input.heading), attribution, renderer, recipe, input.owner ?? null];
  }

  private insert(params: InsertParams): void {
    this.shared = null;
    try {
      this.statements.insert.run(...params);
    } catch (error) {
      if (isDuplicateKey(error)) throw new PanoramaRejectedError(`image id ${params[0]} is already in the store`);
      throw error;
    }
  }

  private get(imageId: string): LocalPanorama {
    const row = this.statements.byId.get(imageId);
    if (!row) throw new Error(`panorama ${imageId} vanished after it was added`);
    return toPanorama(row);
  }

  private rowsInBox(center: LatLng, radiusMeters: number): Row[] {
    const { minLat, maxLat, lngRanges } = searchBox(center, radiusMeters);
    if (lngRanges === null) return this.statements.inLatBand.all(minLat, maxLat);
    const [first, second] = lngRanges;
    if (first && second) return this.statements.inSplitBox.all(minLat, maxLat, ...first, ...second);
    return first ? this.statements.inBox.all(minLat, maxLat, ...first) : [];
  }

  private storedFile(imageId: string): string {
    return join(this.dir, 'images', `${imageId}.jpg`);
  }

  /** A picture added as a file, or (an upload: `owned`) kept in the picture store; older uploads are files. */
  private async readStored(imageId: string, owned = false): Promise<Buffer> {
    if (owned && this.uploads) {
      const stored = await this.uploads.get(uploadKey(imageId));
      if (stored) return stored.body;
    }
    try {
      return await readFile(this.storedFile(imageId));
    } catch (error) {
      if (isMissingFile(error)) throw new ImageryUnavailableError(`the file of local panorama ${imageId} is missing`);
      throw error;
    }
  }
}
