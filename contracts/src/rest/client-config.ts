import { z } from 'zod';

/** Runtime settings the server hands the client (GET /client-config), so one build serves every deployment. */
export const clientConfigSchema = z.object({
  /** An online maplibre style URL offered as an extra map type; null keeps the map fully offline. */
  onlineMapStyleUrl: z.string().nullable(),
  releaseId: z.string(),
  /**
   * The key that loads Google's Street View viewer (Maps JavaScript API) in the browser; set only when
   * the server plays Google Street View (IMAGERY_PROVIDER=google), null otherwise.
   */
  googleMapsKey: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
