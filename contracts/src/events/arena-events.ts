import { z } from 'zod';
import { defineEvent, instantSchema } from './define-event.js';

const playerId = z.string().min(1);

/** The arena queue (`arena-{queueId}` stream): who waits for a ranked duel, and the matches made. */
export const arenaQueueJoinedV1 = defineEvent(
  'ArenaQueueJoined',
  1,
  z.object({ playerId, name: z.string(), rating: z.number().int(), mElo: z.number().int().nullable(), rated: z.boolean(), at: instantSchema }),
);
export const arenaQueueLeftV1 = defineEvent('ArenaQueueLeft', 1, z.object({ playerId, at: instantSchema }));
export const arenaMatchMadeV1 = defineEvent(
  'ArenaMatchMade',
  1,
  z.object({ gameId: z.string().min(1), playerIds: z.tuple([playerId, playerId]), at: instantSchema }),
);

export const arenaEventSchema = z.discriminatedUnion('type', [arenaQueueJoinedV1, arenaQueueLeftV1, arenaMatchMadeV1]);
export type ArenaEvent = z.infer<typeof arenaEventSchema>;

/** On a `user-…` stream: the rating change of one arena match, appended once per match and player. */
export const eloRatingChangedV1 = defineEvent(
  'EloRatingChanged',
  1,
  z.object({
    userId: playerId,
    gameId: z.string().min(1),
    opponentId: playerId,
    outcome: z.enum(['win', 'draw', 'loss']),
    before: z.number().int(),
    after: z.number().int(),
    at: instantSchema,
  }),
);
export type EloRatingChanged = z.infer<typeof eloRatingChangedV1>;
