import { z } from 'zod';
import { type Movement, movementSchema, servedBearing } from '../rest/panorama.js';
import { latLngSchema } from '../rules/geo.js';
import { defineEvent, instantSchema } from './define-event.js';

/** A painted picture's scene for one round (see PanoramaRef.scene). */
export const roundSceneSchema = z.object({
  seed: z.number().int().min(0).max(0xffffffff),
  /** Metres along the picture's road from its place's own point. */
  along: z.number().finite(),
  /** The road's bearing when it was chosen rather than drawn (a shared location's scene faces it). */
  heading: z.number().min(0).lt(360).optional(),
});
export type RoundScene = z.infer<typeof roundSceneSchema>;

/** Which picture a round shows. Never leaves the server: clients get `token` inside an opaque URL. */
export const panoramaRefSchema = z.object({
  token: z.string().min(16),
  provider: z.string().min(1),
  imageId: z.string().min(1),
  /** Where the view starts, in degrees clockwise from north. Clients get it as `servedHeading`. */
  heading: z.number().finite(),
  /**
   * The compass bearing the centre of every picture this round serves faces, drawn at random when the
   * token is (tenths of a degree): pictures are turned by it, so a picture's yaw y shows bearing
   * y + yawOffset, and clients get every direction relative to it. A remembered heading then says nothing
   * about the place. Absent for rounds from before pictures were turned and for pictures we do not serve
   * (Google's viewer): 0.
   */
  yawOffset: z.number().min(0).lt(360).optional(),
  /**
   * The compass bearing the centre of the provider's own picture faces (Panoramax's `view:azimuth`,
   * Mapillary's compass angle: a 360° camera's front). The picture is turned by `yawOffset − centre`, so
   * its yaw y shows bearing y + yawOffset whichever way its camera faced. Absent: 0, the picture's centre
   * faces north (our offline and local pictures, and rounds from before this was recorded).
   */
  centre: z.number().min(0).lt(360).optional(),
  /**
   * The map location the round was drawn from (rounds before maps had locations lack it): a game never
   * draws the same one twice, and a map with fewer than 4 fresh ones hands over to the default map.
   */
  source: z.object({ mapId: z.string().min(1), idx: z.number().int().min(0) }).optional(),
  /**
   * A painted picture's own scene for this round (the offline sample set): where along its road the camera
   * stands and the seed of the hour, season, weather, traffic and props, drawn from the server's random
   * source when the round was planned; the round's target is where that camera stands. Absent for
   * photographs and for rounds from before scenes varied (the place's own scene).
   */
  scene: roundSceneSchema.optional(),
});
export type PanoramaRef = z.infer<typeof panoramaRefSchema>;

/** The round's start heading as its client gets it: in the frame of the turned pictures (see `yawOffset`). */
/** NMPZ rounds (`movement` 'none') are served as a window centred on the start view: their heading is 0. */
export const servedHeading = (panorama: Pick<PanoramaRef, 'heading' | 'yawOffset'>, movement?: Movement): number =>
  movement === 'none' ? 0 : servedBearing(panorama.heading, panorama.yawOffset);

export const soloGameStartedV1 = defineEvent(
  'SoloGameStarted',
  1,
  z.object({
    gameId: z.string().min(1),
    playerId: z.string().min(1),
    mapId: z.string().min(1),
    mapName: z.string().min(1),
    maxMapDistance: z.number().positive(),
    /** SPEC §3 round settings; absent on games from before them: no limits. */
    settings: z.object({ nm: z.boolean(), nmpz: z.boolean(), rl: z.number().int(), gat: z.boolean(), hsn: z.boolean() }).optional(),
    startedAt: instantSchema,
  }),
);

export const soloRoundStartedV1 = defineEvent(
  'SoloRoundStarted',
  1,
  z.object({
    gameId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    target: latLngSchema,
    targetCountryCode: z.string().nullable(),
    panorama: panoramaRefSchema,
    /** The round was asked for at a shared location (route loc/{lat,lng}), so its target was not secret. */
    shared: z.boolean(),
    startedAt: instantSchema,
    /** What the player may do with the picture, and when the server stops taking the guess (null: no limit). */
    movement: movementSchema.optional(),
    deadline: instantSchema.nullable().optional(),
  }),
);

export const soloGuessPlacedV1 = defineEvent(
  'SoloGuessPlaced',
  1,
  z.object({
    gameId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    /** Null when the round's time ran out without a guess. */
    guess: latLngSchema.nullable(),
    target: latLngSchema,
    distanceMeters: z.number().min(0).nullable(),
    points: z.number().int().min(0),
    targetCountryCode: z.string().nullable(),
    guessCountryCode: z.string().nullable(),
    timeTakenMs: z.number().int().min(0),
    placedAt: instantSchema,
  }),
);

export const soloEventSchema = z.discriminatedUnion('type', [soloGameStartedV1, soloRoundStartedV1, soloGuessPlacedV1]);
export type SoloEvent = z.infer<typeof soloEventSchema>;
export type SoloGameStarted = z.infer<typeof soloGameStartedV1>;
export type SoloRoundStarted = z.infer<typeof soloRoundStartedV1>;
export type SoloGuessPlaced = z.infer<typeof soloGuessPlacedV1>;
