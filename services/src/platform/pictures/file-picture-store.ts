import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkPictureKey, expiryOf, type PictureStore, type PutOptions, type StoredPicture } from './picture-store.port.js';

interface Sidecar {
  contentType: string;
  metadata: StoredPicture['metadata'];
  expiresAt: number | null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Pictures as files under one folder (`DATA_DIR/pictures`): `<kind>/<name>` and its `<name>.json` sidecar
 * (content type, metadata, expiry). Each is written to a temporary file and renamed, the sidecar first, so
 * a reader sees a whole picture or none. Files are readable by their owner only.
 */
export class FilePictureStore implements PictureStore {
  readonly shared = false;

  constructor(private readonly dir: string) {}

  async put(key: string, body: Buffer, options: PutOptions = {}): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const sidecar: Sidecar = { contentType: options.contentType ?? 'image/jpeg', metadata: options.metadata ?? {}, expiresAt: expiryOf(options.ttlSeconds) };
    await this.atomically(`${file}.json`, Buffer.from(JSON.stringify(sidecar)));
    await this.atomically(file, body);
  }

  async get(key: string): Promise<StoredPicture | null> {
    const file = this.fileOf(key);
    const sidecar = await this.sidecar(key);
    if (!sidecar) return null;
    try {
      return { body: await readFile(file), contentType: sidecar.contentType, metadata: sidecar.metadata };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<Omit<StoredPicture, 'body'> | null> {
    const sidecar = await this.sidecar(key);
    return sidecar && { contentType: sidecar.contentType, metadata: sidecar.metadata };
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }

  async sweep(): Promise<number> {
    let swept = 0;
    const kinds = await readdir(this.dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const kind of kinds) {
      const names = await readdir(join(this.dir, kind)).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith('.json') || name.includes('.tmp-')) continue;
        const key = `${kind}/${name.slice(0, -'.json'.length)}`;
        const raw = await this.rawSidecar(key);
        if (raw && raw.expiresAt !== null && raw.expiresAt <= Date.now()) {
          await this.delete(key);
          swept += 1;
        }
      }
    }
    return swept;
  }

  async close(): Promise<void> {}

  private fileOf(key: string): string {
    return join(this.dir, checkPictureKey(key));
  }

  private async sidecar(key: string): Promise<Sidecar | null> {
    const raw = await this.rawSidecar(key);
    if (!raw) return null;
    if (raw.expiresAt !== null && raw.expiresAt <= Date.now()) {
      await this.delete(key);
      return null;
    }
    return raw;
  }

  private async rawSidecar(key: string): Promise<Sidecar | null> {
    try {
      return JSON.parse(await readFile(`${this.fileOf(key)}.json`, 'utf8')) as Sidecar;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async atomically(file: string, body: Buffer): Promise<void> {
    const temporary = `${file}.tmp-${randomUUID()}`;
    try {
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
