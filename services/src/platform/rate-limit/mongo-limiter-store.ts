import { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo } from 'rate-limiter-flexible';
import type { Limiter, LimiterStore } from './limiter-store.port.js';

/** The collection every window counts in: one document per window and key, gone when its window ends (TTL index). */
export const RATE_LIMITS_COLLECTION = 'rate_limits';

/**
 * The limits in MongoDB (rate-limiter-flexible's RateLimiterMongo): every api and gateway replica counts
 * against the same windows, so N replicas no longer allow N times a limit. Each count is one atomic
 * `findOneAndUpdate`; a window's documents expire with it. While MongoDB does not answer, a replica counts
 * in its own memory (the library's insurance limiter) rather than refusing everyone or letting everyone by.
 */
export class MongoLimiterStore implements LimiterStore {
  readonly shared = true;

  private constructor(
    private readonly client: MongoClient,
    private readonly database: string,
  ) {}

  static async connect(options: { url: string; database?: string }): Promise<MongoLimiterStore> {
    const client = new MongoClient(options.url, { retryWrites: true });
    await client.connect();
    // The read models' database (MONGO_DATABASE, else globetrail): one database for the operator to look after.
    return new MongoLimiterStore(client, options.database ?? 'globetrail');
  }

  limiter(id: string, points: number, seconds: number): Limiter {
    return new RateLimiterMongo({
      storeClient: this.client,
      dbName: this.database,
      tableName: RATE_LIMITS_COLLECTION,
      keyPrefix: id,
      points,
      duration: seconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: id, points, duration: seconds }),
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
