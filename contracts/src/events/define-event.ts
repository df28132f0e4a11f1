import { z } from 'zod';

/**
 * Every domain event is `{ type, version, data }`: a past-tense type, a schema version and a payload
 * validated by zod. Stores keep `type` as the event type and `version` in the metadata.
 */
export function defineEvent<const T extends string, const V extends number, D extends z.ZodType>(type: T, version: V, data: D) {
  return z.object({ type: z.literal(type), version: z.literal(version), data });
}

/** ISO-8601 instant with a zone, as events store time. */
export const instantSchema = z.iso.datetime({ offset: true });
