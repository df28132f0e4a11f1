import { z } from 'zod';
import { defineEvent, instantSchema } from './define-event.js';

/**
 * SPEC §8: the client saw Developer Tools open during play (a pause of the page over 900 ms) and told the
 * server. Recorded on the player's own stream, so it stays in their history and operators can count it.
 */
export const cheatingReportedV1 = defineEvent(
  'CheatingReported',
  1,
  z.object({ userId: z.string().min(1), kind: z.literal('devtools'), release: z.string().max(40), at: instantSchema }),
);

/** Where in the client a reported failure came from (SPEC §8's reported failures). */
export const clientErrorKinds = ['error', 'unhandledrejection', 'render', 'missing-translation', 'location-load'] as const;

/** SPEC §8 error reporting: one failure a browser sent (POST /client-errors), in a stream of its own. */
export const clientErrorReportedV1 = defineEvent(
  'ClientErrorReported',
  1,
  z.object({
    reportId: z.string().min(1),
    /** The signed-in (or guest) player, when the report carried a valid token. */
    userId: z.string().nullable(),
    kind: z.enum(clientErrorKinds),
    name: z.string().max(100),
    message: z.string().max(1000),
    stack: z.string().max(4000).nullable(),
    /** The page's path and route, without its query (which may hold personal data). */
    page: z.string().max(300),
    release: z.string().max(40),
    userAgent: z.string().max(300),
    at: instantSchema,
  }),
);

export const reportEventSchema = z.discriminatedUnion('type', [cheatingReportedV1, clientErrorReportedV1]);
export type ReportEvent = z.infer<typeof reportEventSchema>;
