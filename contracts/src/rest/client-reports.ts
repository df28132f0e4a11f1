import { z } from 'zod';
import { clientErrorKinds } from '../events/report-events.js';

/** POST /user/cheating-report: SPEC §7 says "empty object"; nothing else is accepted. */
export const cheatingReportRequestSchema = z.object({}).strict();
export const cheatingReportResponseSchema = z.object({ recorded: z.boolean() });

/**
 * POST /client-errors: one failure the browser met. Texts longer than the limits are cut by the client;
 * the server refuses what is still too long, naming the field.
 */
export const clientErrorReportSchema = z
  .object({
    kind: z.enum(clientErrorKinds),
    name: z.string().trim().max(100).default('Error'),
    message: z.string().trim().min(1).max(1000),
    stack: z.string().max(4000).nullable().default(null),
    page: z.string().max(300),
    release: z.string().max(40),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
export const clientErrorReportLimits = { name: 100, message: 1000, stack: 4000, page: 300, release: 40 } as const;

/** What operators see (GET /ops/reports): Developer Tools reports per player and the latest client failures. */
export const operatorReportsSchema = z.object({
  cheating: z.array(z.object({ userId: z.string(), count: z.number().int(), lastAt: z.string() })),
  clientErrors: z.object({
    total: z.number().int(),
    latest: z.array(
      z.object({
        id: z.string(),
        userId: z.string().nullable(),
        kind: z.enum(clientErrorKinds),
        name: z.string(),
        message: z.string(),
        stack: z.string().nullable(),
        page: z.string(),
        release: z.string(),
        userAgent: z.string(),
        at: z.string(),
      }),
    ),
  }),
});
export type OperatorReports = z.infer<typeof operatorReportsSchema>;
