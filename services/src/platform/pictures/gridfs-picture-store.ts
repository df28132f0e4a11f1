import { GridFSBucket, MongoClient, type Db, type ObjectId } from 'mongodb';
import { checkPictureKey, expiryOf, type PictureMetadata, type PictureStore, type PutOptions, type StoredPicture } from './picture-store.port.js';

export interface GridFsPictureStoreOptions {
  /** e.g. `mongodb://mongo:27017/?replicaSet=rs0` (MONGO_URL). */
  url: string;
  database?: string;
  /** The GridFS bucket (default `pictures`: `pictures.files`, `pictures.chunks`). */
  bucket?: string;
}

interface FileMetadata {
  contentType: string;
  metadata: PictureMetadata;
  expiresAt: number | null;
}

interface FileDoc {
  _id: ObjectId;
  filename: string;
  uploadDate: Date;
  metadata?: FileMetadata;
}

/**
 * Pictures in MongoDB GridFS (the full stack: no new component), one file per key (its `filename`). A put
 * uploads a new file and then removes the older ones of the same key, so a reader meets the newest whole
 * file, never a half-written one; a reader takes the newest by upload date. Expired files are refused on
 * read and removed by `sweep` (the app sweeps every 10 minutes).
 */
export class GridFsPictureStore implements PictureStore {
  readonly shared = true;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly bucket: GridFSBucket,
    private readonly files: string,
  ) {}

  static async connect({ url, database, bucket = 'pictures' }: GridFsPictureStoreOptions): Promise<GridFsPictureStore> {
    const client = new MongoClient(url, { retryWrites: true });
    await client.connect();
    const db = client.db(database ?? 'globetrail');
    const store = new GridFsPictureStore(client, db, new GridFSBucket(db, { bucketName: bucket }), `${bucket}.files`);
    await db.collection(store.files).createIndex({ filename: 1, uploadDate: -1 });
    await db.collection(store.files).createIndex({ 'metadata.expiresAt': 1 });
    return store;
  }

  async put(key: string, body: Buffer, options: PutOptions = {}): Promise<void> {
    checkPictureKey(key);
    const metadata: FileMetadata = { contentType: options.contentType ?? 'image/jpeg', metadata: options.metadata ?? {}, expiresAt: expiryOf(options.ttlSeconds) };
    const upload = this.bucket.openUploadStream(key, { metadata });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(body);
    });
    // The older files of the key, now that the new one is whole.
    const older = await this.db.collection<FileDoc>(this.files).find({ filename: key, _id: { $ne: upload.id } }, { projection: { _id: 1 } }).toArray();
    for (const file of older) await this.bucket.delete(file._id).catch(() => undefined);
  }

  async get(key: string): Promise<StoredPicture | null> {
    const file = await this.newest(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    } catch (error) {
      // Replaced (and removed) between the lookup and the download: the newer one answers.
      if ((error as { code?: string }).code === 'ENOENT' || /FileNotFound/i.test((error as Error).message)) return this.get(key);
      throw error;
    }
    return { body: Buffer.concat(chunks), contentType: file.metadata!.contentType, metadata: file.metadata!.metadata };
  }

  async head(key: string): Promise<Omit<StoredPicture, 'body'> | null> {
    const file = await this.newest(key);
    return file && { contentType: file.metadata!.contentType, metadata: file.metadata!.metadata };
  }

  async delete(key: string): Promise<void> {
    checkPictureKey(key);
    const files = await this.db.collection<FileDoc>(this.files).find({ filename: key }, { projection: { _id: 1 } }).toArray();
    for (const file of files) await this.bucket.delete(file._id).catch(() => undefined);
  }

  async sweep(): Promise<number> {
    const expired = await this.db.collection<FileDoc>(this.files).find({ 'metadata.expiresAt': { $ne: null, $lte: Date.now() } }, { projection: { _id: 1 } }).toArray();
    for (const file of expired) await this.bucket.delete(file._id).catch(() => undefined);
    return expired.length;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async newest(key: string): Promise<FileDoc | null> {
    checkPictureKey(key);
    const [file] = await this.db.collection<FileDoc>(this.files).find({ filename: key }).sort({ uploadDate: -1, _id: -1 }).limit(1).toArray();
    if (!file?.metadata) return null;
    if (file.metadata.expiresAt !== null && file.metadata.expiresAt <= Date.now()) return null;
    return file;
  }
}
