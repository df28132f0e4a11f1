import { z } from 'zod';
import type { Counters, LobbyView } from '../rest/games.js';
import type { GameView } from '../live/game-view.js';
import type { LatLng } from '../rules/geo.js';
import type { TeamId } from '../live/game-rules.js';
import { userProfileViewSchema } from '../rest/user.js';

/** A versioned live projection: clients apply a push only when its version is newer than what they hold. */
export const profileChangedSchema = z.object({ version: z.number().int().min(0), profile: userProfileViewSchema });
export type ProfileChanged = z.infer<typeof profileChangedSchema>;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; field?: string } };

export interface GameUpdated {
  gameId: string;
  version: number;
  view: GameView;
}

/** server → client: past tense. */
export interface ServerToClientEvents {
  ProfileChanged: (push: ProfileChanged) => void;
  GameUpdated: (push: GameUpdated) => void;
  CountersChanged: (push: Counters & { version: number }) => void;
  LobbyChanged: (push: LobbyView) => void;
  ArenaMatched: (push: { gameId: string }) => void;
}

type Acked<Payload, Result> = (payload: Payload, ack: (response: Ack<Result>) => void) => void;
type GameRef = { gameId: string };

/** client → server: imperative, acknowledged. Every game command names its game. */
export interface ClientToServerEvents {
  WatchProfile: (ack: (response: Ack<ProfileChanged>) => void) => void;
  /** Join as a player (CREATED), or come back to a game you play in. Answers the view and joins the room. */
  JoinGame: Acked<GameRef & { team?: TeamId }, GameView>;
  /** Watch read-only, as a spectator. */
  WatchGame: Acked<GameRef, GameView>;
  /** Leave the game route: offline during a game, removed before it starts. */
  LeaveGame: Acked<GameRef, null>;
  SetReady: Acked<GameRef & { ready: boolean }, null>;
  ChooseTeam: Acked<GameRef & { team: TeamId }, null>;
  /** Place or move a marker (`final: false`) or confirm the guess (`final: true`); `r` in circles. */
  PlaceGuess: Acked<GameRef & { roundIndex: number; loc: LatLng; r?: number; final: boolean }, null>;
  /** Blink mode: the player pressed Start on the wall. */
  StartViewing: Acked<GameRef & { roundIndex: number }, null>;
  /** Host only: end the round for everyone still guessing. */
  ForceEndRound: Acked<GameRef & { roundIndex: number }, null>;
  PostChat: Acked<GameRef & { text: string }, null>;
  /** Host only, after GAME_ENDED. */
  RestartGame: Acked<GameRef, null>;
  EnterLobby: Acked<Record<string, never>, LobbyView>;
  LeaveLobby: Acked<Record<string, never>, null>;
  /** Queue for a ranked duel; `mElo`: the lowest opponent rating you accept. */
  EnterArena: Acked<{ mElo?: number | null }, { queued: true }>;
  LeaveArena: Acked<Record<string, never>, null>;
}
