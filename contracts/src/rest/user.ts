import { z } from 'zod';

export const userProfileViewSchema = z.object({
  uid: z.string(),
  name: z.string(),
  isAnonymous: z.boolean(),
  /** 1-based position on the points leaderboard; null for anonymous players, who are not ranked. */
  rank: z.number().int().min(1).nullable(),
  points: z.number().int(),
  level: z.number().int(),
  nGames: z.number().int(),
  /** Closest guess ever, in metres; null until a round has been submitted. */
  bestGuessInMeters: z.number().nullable(),
  bestCountryStreak: z.number().int(),
  currentCountryStreak: z.number().int(),
  /** Arena rating (Elo). */
  elo: z.number().int(),
  createdAt: z.string(),
  /** SPEC §3: daily visit streak and its best, daily challenge streak, its best and its last day (`YYYYMMDD`). */
  dvs: z.number().int(),
  dvsb: z.number().int(),
  dcs: z.number().int(),
  dcsb: z.number().int(),
  dcsd: z.string(),
  /** The challenge the player joined last and has not left, else null. */
  currentChallengeID: z.string().nullable(),
});
export type UserProfileView = z.infer<typeof userProfileViewSchema>;

export const publicProfileViewSchema = userProfileViewSchema
  .omit({ isAnonymous: true, currentCountryStreak: true, currentChallengeID: true })
  .extend({ photoUrl: z.string() });
export type PublicProfileView = z.infer<typeof publicProfileViewSchema>;

/** SPEC §3 player info; unknown ids answer name 'Unknown' and an empty photo. */
export const nameAndImageSchema = z.object({ name: z.string(), photoUrl: z.string(), isAnon: z.boolean() });
export type NameAndImage = z.infer<typeof nameAndImageSchema>;
export const UNKNOWN_PLAYER: NameAndImage = { name: 'Unknown', photoUrl: '', isAnon: false };

export const deleteUserResponseSchema = z.object({ deleted: z.literal(true) });
