import { z } from 'zod';
import { freeTextSchema } from '../rules/free-text.js';
import type { Counters, LobbyView } from '../rest/games.js';
import type { GameView } from '../live/game-view.js';
import type { GameChanged } from '../live/game-changes.js';
import { teamIdSchema } from '../live/game-rules.js';
import { userProfileViewSchema } from '../rest/user.js';

/** A versioned live projection: clients apply a push only when its version is newer than what they hold. */
export const profileChangedSchema = z.object({ version: z.number().int().min(0), profile: userProfileViewSchema });
export type ProfileChanged = z.infer<typeof profileChangedSchema>;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

/** server → client: past tense. */
export interface ServerToClientEvents {
  ProfileChanged: (push: ProfileChanged) => void;
  /** What changed in a game the socket joined or watches, for its audience (docs/live.md). */
  GameChanged: (push: GameChanged) => void;
  CountersChanged: (push: Counters & { version: number }) => void;
  LobbyChanged: (push: LobbyView) => void;
  ArenaMatched: (push: { gameId: string }) => void;
}

type Acked<Payload, Result> = (payload: Payload, ack: (response: Ack<Result>) => void) => void;

const gameRef = z.object({ gameId: z.string().min(1).max(64) });
const roundIndex = z.number().int().min(0);

/** Payloads of the client → server commands, validated by the gateway. */
export const socketCommandSchemas = {
  /** Join as a player (CREATED), or come back to a game you play in. Answers the view and joins the room. */
  JoinGame: gameRef.extend({ team: teamIdSchema.optional() }),
  /** Watch read-only, as a spectator. */
  WatchGame: gameRef,
  /** The whole view again (joined or watching already): after a gap in the GameChanged messages. */
  SyncGame: gameRef,
  /** Leave the game route: offline during a game, removed before it starts. */
  LeaveGame: gameRef,
  SetReady: gameRef.extend({ ready: z.boolean() }),
  ChooseTeam: gameRef.extend({ team: teamIdSchema }),
  /** Place or move a marker (`final: false`) or confirm the guess (`final: true`); `r` in circles. */
  PlaceGuess: gameRef.extend({ roundIndex, loc: z.object({ lat: z.number().finite(), lng: z.number().finite() }), r: z.number().finite().optional(), final: z.boolean() }),
  /** Blink mode: the player pressed Start on the wall. */
  StartViewing: gameRef.extend({ roundIndex }),
  /** Host only: end the round for everyone still guessing. */
  ForceEndRound: gameRef.extend({ roundIndex }),
  PostChat: gameRef.extend({ text: freeTextSchema({ max: 2000 }) }),
  /** Host only, after GAME_ENDED. */
  RestartGame: gameRef,
  EnterLobby: z.object({}),
  LeaveLobby: z.object({}),
  /** Queue for a ranked duel; `mElo`: the lowest opponent rating you accept. */
  EnterArena: z.object({ mElo: z.number().int().min(0).max(4000).nullable().optional() }),
  LeaveArena: z.object({}),
} as const;
type Payload<K extends keyof typeof socketCommandSchemas> = z.input<(typeof socketCommandSchemas)[K]>;

/** client → server: imperative, acknowledged. Every game command names its game. */
export interface ClientToServerEvents {
  WatchProfile: (ack: (response: Ack<ProfileChanged>) => void) => void;
  JoinGame: Acked<Payload<'JoinGame'>, GameView>;
  WatchGame: Acked<Payload<'WatchGame'>, GameView>;
  SyncGame: Acked<Payload<'SyncGame'>, GameView>;
  LeaveGame: Acked<Payload<'LeaveGame'>, null>;
  SetReady: Acked<Payload<'SetReady'>, null>;
  ChooseTeam: Acked<Payload<'ChooseTeam'>, null>;
  PlaceGuess: Acked<Payload<'PlaceGuess'>, null>;
  StartViewing: Acked<Payload<'StartViewing'>, null>;
  ForceEndRound: Acked<Payload<'ForceEndRound'>, null>;
  PostChat: Acked<Payload<'PostChat'>, null>;
  RestartGame: Acked<Payload<'RestartGame'>, null>;
  EnterLobby: Acked<Payload<'EnterLobby'>, LobbyView>;
  LeaveLobby: Acked<Payload<'LeaveLobby'>, null>;
  EnterArena: Acked<Payload<'EnterArena'>, { queued: true }>;
  LeaveArena: Acked<Payload<'LeaveArena'>, null>;
}
