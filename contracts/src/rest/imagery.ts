import { z } from 'zod';

/**
 * GET /imagery/status: where round pictures come from right now. `online` is the configured online
 * provider (null: offline pictures only); `status` whether it answered its last probe; `serving` what new
 * rounds use ('offline' while the provider is unknown or down).
 */
export const imageryStatusSchema = z.object({
  online: z.enum(['panoramax', 'mapillary', 'google']).nullable(),
  status: z.enum(['unknown', 'up', 'down']).nullable(),
  serving: z.enum(['panoramax', 'mapillary', 'google', 'offline']),
});
export type ImageryStatus = z.infer<typeof imageryStatusSchema>;
