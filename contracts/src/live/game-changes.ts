import { z } from 'zod';
import { teamIdSchema } from './game-rules.js';
import { chatMessageViewSchema, type GameView, gameViewSchema, guessViewSchema, roundViewSchema, teamViewSchema, userPresenceViewSchema } from './game-view.js';

/**
 * The live protocol's small messages (docs/live.md). A socket gets a game's whole view once, when it joins,
 * watches or asks again (SyncGame); after that, every change it may see arrives as a `GameChanged`: a few
 * changes, each setting one part of the view to its new value, with the version they bring the view to.
 *
 * Every change is a plain set (of a field, an entry or a round), never a relative step, so applying one twice,
 * or applying a message to a view that already holds part of it, gives the same view: that is what lets a
 * view at any version from `from` on take the message.
 */

/** Top-level fields a change may set. `rounds` and `chat` are only ever set to [] (a restarted game). */
const gameFieldsSchema = gameViewSchema.pick({ status: true, cr: true, crft: true, gatft: true, host: true, result: true, ghost: true, rounds: true, chat: true }).partial();

/** Round fields a round's later events set. */
const roundFieldsSchema = roundViewSchema.pick({ startedAt: true, crft: true, gatft: true, pano: true, hidesAt: true }).partial();

export const gameChangeSchema = z.discriminatedUnion('k', [
  /** Sets top-level fields. */
  z.object({ k: z.literal('game'), set: gameFieldsSchema }),
  /** Puts a player's whole presence entry (joined, ready, team, connection, points), or removes it (null). */
  z.object({ k: z.literal('user'), id: z.string(), user: userPresenceViewSchema.nullable() }),
  /** Puts a team's whole entry (hit points, members). */
  z.object({ k: z.literal('team'), id: teamIdSchema, team: teamViewSchema }),
  /** Puts a whole round by its index (a new round, an ended one, or every round revealed at the game's end). */
  z.object({ k: z.literal('round'), round: roundViewSchema }),
  /** Sets fields of round `i`. */
  z.object({ k: z.literal('roundSet'), i: z.number().int().min(0), set: roundFieldsSchema }),
  /** Puts one guess of round `i` (as this audience may see it: "has guessed" hides `loc`). */
  z.object({ k: z.literal('guess'), i: z.number().int().min(0), g: guessViewSchema }),
  /** Appends a chat message unless the view has it (by id); views keep the last CHAT_VIEW_LIMIT. */
  z.object({ k: z.literal('chat'), m: chatMessageViewSchema }),
]);
export type GameChange = z.infer<typeof gameChangeSchema>;

export const gameChangedSchema = z.object({
  gameId: z.string(),
  /** The receiver's view must be at this version or later for the changes to apply; earlier is a gap. */
  from: z.number().int().min(0),
  /** The version the view is at once they are applied; a view already there or later ignores them. */
  v: z.number().int().min(0),
  /** The server's clock when they were sent (epoch ms): the view's new `serverNow`. */
  now: z.number().int(),
  c: z.array(gameChangeSchema),
});
export type GameChanged = z.infer<typeof gameChangedSchema>;

/** How many chat messages a view carries (the server's views keep the same number). */
export const CHAT_VIEW_LIMIT = 100;

export type GameChangedOutcome =
  | { kind: 'applied'; view: GameView }
  /** Already held (a duplicate, or older than a view fetched since). */
  | { kind: 'stale' }
  /** The view misses an earlier message: ask for the whole view again. */
  | { kind: 'gap' };

/** What a client does with a message for the game view it holds. */
export function applyGameChanged(held: GameView, message: GameChanged): GameChangedOutcome {
  if (message.v <= held.version) return { kind: 'stale' };
  if (message.from > held.version) return { kind: 'gap' };
  let view = held;
  for (const change of message.c) view = applyGameChange(view, change);
  return { kind: 'applied', view: { ...view, version: message.v, serverNow: message.now } };
}

/** One change on a view (pure: the view given is not modified). */
export function applyGameChange(view: GameView, change: GameChange): GameView {
  switch (change.k) {
    case 'game':
      return { ...view, ...change.set };
    case 'user': {
      const { [change.id]: _old, ...others } = view.us;
      return { ...view, us: change.user ? { ...view.us, [change.id]: change.user } : others };
    }
    case 'team':
      return view.teams ? { ...view, teams: { ...view.teams, [change.id]: change.team } } : view;
    case 'round': {
      const at = view.rounds.findIndex((round) => round.index === change.round.index);
      const rounds = at === -1 ? [...view.rounds, change.round].sort((a, b) => a.index - b.index) : view.rounds.map((round, n) => (n === at ? change.round : round));
      return { ...view, rounds };
    }
    case 'roundSet':
      return { ...view, rounds: view.rounds.map((round) => (round.index === change.i ? { ...round, ...change.set } : round)) };
    case 'guess':
      return { ...view, rounds: view.rounds.map((round) => (round.index === change.i ? { ...round, gus: { ...round.gus, [change.g.pId]: change.g } } : round)) };
    case 'chat':
      if (view.chat.some((message) => message.id === change.m.id)) return view;
      return { ...view, chat: [...view.chat, change.m].slice(-CHAT_VIEW_LIMIT) };
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}
