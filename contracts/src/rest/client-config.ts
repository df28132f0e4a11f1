import { z } from 'zod';

/** Runtime settings the server hands the client (GET /client-config), so one build serves every deployment. */
export const clientConfigSchema = z.object({
  /** An online maplibre style URL offered as an extra map type; null keeps the map fully offline. */
  onlineMapStyleUrl: z.string().nullable(),
  releaseId: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
