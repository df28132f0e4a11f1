import { z } from 'zod';
import { mapCategoriesSchema } from '../maps/map-categories.js';
import { latLngSchema } from '../rules/geo.js';
import { eloRatingChangedV1 } from './arena-events.js';
import { dailyChallengeStreakChangedV1, dailyVisitRecordedV1 } from './challenge-events.js';
import { defineEvent, instantSchema } from './define-event.js';
import { cheatingReportedV1 } from './report-events.js';

export const displayNameSchema = z.string().trim().min(1).max(40);

export const userCreatedV1 = defineEvent(
  'UserCreated',
  1,
  z.object({ userId: z.string().min(1), name: displayNameSchema, isAnonymous: z.boolean(), createdAt: instantSchema }),
);

/** An anonymous player signed up: same user id, same history, now with an account. */
export const userRegisteredV1 = defineEvent(
  'UserRegistered',
  1,
  z.object({ userId: z.string().min(1), name: displayNameSchema, registeredAt: instantSchema }),
);

/** The points of one round added to a signed-in player's total; carries the values the rules decided. */
export const scoreSubmittedV1 = defineEvent(
  'ScoreSubmitted',
  1,
  z.object({
    userId: z.string().min(1),
    gameId: z.string().min(1),
    roundIndex: z.number().int().min(0),
    gameType: z.string().min(1),
    mapId: z.string().min(1),
    points: z.number().int().min(0),
    distanceMeters: z.number().min(0),
    target: latLngSchema,
    guess: latLngSchema,
    targetCountryCode: z.string().nullable(),
    guessCountryCode: z.string().nullable(),
    /** The player's closest guess after this round; null while no round has counted. */
    bestGuessInMeters: z.number().min(0).nullable(),
    currentCountryStreak: z.number().int().min(0),
    bestCountryStreak: z.number().int().min(0),
    /** The map's categories when the round was scored, for the leaderboards' map filters; absent on older rounds. */
    mapCategories: mapCategoriesSchema.nullable().optional(),
    submittedAt: instantSchema,
  }),
);

/** A signed-up player chose another name (at the identity service; the game follows the token's name). */
export const userRenamedV1 = defineEvent('UserRenamed', 1, z.object({ userId: z.string().min(1), name: displayNameSchema, renamedAt: instantSchema }));

export const userDeletedV1 = defineEvent('UserDeleted', 1, z.object({ userId: z.string().min(1), deletedAt: instantSchema }));

export const userEventSchema = z.discriminatedUnion('type', [userCreatedV1, userRegisteredV1, scoreSubmittedV1, userDeletedV1, eloRatingChangedV1, dailyVisitRecordedV1, dailyChallengeStreakChangedV1, cheatingReportedV1, userRenamedV1]);
export type UserEvent = z.infer<typeof userEventSchema>;
export type UserCreated = z.infer<typeof userCreatedV1>;
export type UserRegistered = z.infer<typeof userRegisteredV1>;
export type ScoreSubmitted = z.infer<typeof scoreSubmittedV1>;
export type UserDeleted = z.infer<typeof userDeletedV1>;
