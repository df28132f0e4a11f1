import { z } from 'zod';

/**
 * What a player may do with a round's picture: `move` along the provider's sequence (and pan and zoom),
 * `pan` and zoom only (SPEC's No Move), or `none`: the view stays as it starts (SPEC's NMPZ: no move, no
 * pan, no zoom).
 */
export const movementSchema = z.enum(['move', 'pan', 'none']);
export type Movement = z.infer<typeof movementSchema>;

/** The one place a round's movement follows from its game's settings (challenges' `nm` and `nmpz`). */
export function movementFor(settings: { nm?: boolean; nmpz?: boolean } = {}): Movement {
  if (settings.nmpz) return 'none';
  return settings.nm ? 'pan' : 'move';
}

/** At most the picture's sequence neighbours: Panoramax's prev/next, Mapillary's before/after. */
export const MAX_PANORAMA_MOVES = 4;

/**
 * A compass bearing as the viewer of a round's pictures takes it: a yaw, in degrees clockwise from the
 * bearing the pictures' centre faces (the round's `yawOffset`), to a tenth of a degree. Unchanged without
 * an offset (pictures not turned, such as Google's).
 */
/**
 * What an NMPZ round's picture is: a window of its panorama this wide and tall (degrees), centred on the
 * round's start view, which the server cuts out before it serves the picture. No more of the panorama
 * reaches the page, so neither a script nor a second tab can look around; its start heading is 0, the
 * window's centre. The viewer shows it at most 70° tall, which stays inside the window on any screen.
 */
export const FIXED_VIEW_WINDOW = { horizontalDegrees: 120, verticalDegrees: 80, maxViewerFov: 70 } as const;

export function servedBearing(bearing: number, yawOffset: number | undefined): number {
  if (yawOffset === undefined) return bearing;
  const turned = (((bearing - yawOffset) % 360) + 360) % 360;
  const yaw = Math.round(turned * 10) / 10;
  return yaw === 360 ? 0 : yaw;
}

/**
 * One picture a player can move to: an opaque token for `/pano/{token}` (and its own moves), and the
 * bearing it lies at from the current picture, as the viewer's yaw (degrees clockwise, relative to the
 * round's turned pictures like the round's heading: see `servedBearing`). A bearing says where to walk,
 * never where anything is.
 */
export const panoramaMoveSchema = z.object({
  token: z.string().min(16),
  bearing: z.number().min(0).lt(360),
});
export type PanoramaMove = z.infer<typeof panoramaMoveSchema>;

/** GET /pano/{token}/moves */
export const panoramaMovesSchema = z.object({ moves: z.array(panoramaMoveSchema).max(MAX_PANORAMA_MOVES) });
export type PanoramaMoves = z.infer<typeof panoramaMovesSchema>;

export const panoramaMovesPath = (token: string) => `/pano/${token}/moves`;
