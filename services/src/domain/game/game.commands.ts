import type { RoundPlan } from '../arena/round-plan.js';
import type { GhostRecording } from './game.state.js';
import type { GameMode, GameOrigin, GameSettings, LatLng, PanoramaRef, TeamId } from '@globetrail/contracts';

/** A player as they join: who the identity says they are, and their arena rating (null: not rated). */
export interface JoiningPlayer {
  id: string;
  name: string;
  isAnonymous: boolean;
  elo: number | null;
}

/** The picture the server resolved for a round before anyone sees it. */
export interface ResolvedPicture {
  target: LatLng;
  panorama: PanoramaRef;
}

/**
 * Everything that can happen to a game. Player commands come from the gateway; `PrepareRound`,
 * `BeginRound`, `EndRound` and `CheckPresence` come from the round-timer process manager.
 */
export type GameCommand =
  | {
      type: 'CreateGame';
      gameId: string;
      gameT: GameMode;
      origin: GameOrigin;
      settings: GameSettings;
      map: { id: string; name: string; maxMapDistance: number };
      host: JoiningPlayer;
      /** Arena matches: the opponent joins at once and both are ready, so the match launches. */
      opponent?: JoiningPlayer;
      /** Ranked matches: every round drawn up front; GameCreated commits to its hash (domain/arena/round-plan.ts). */
      plan?: RoundPlan;
      /** Ghost duels: the recorded player the host duels, who comes as `opponent` (domain/ghost). */
      ghost?: GhostRecording;
    }
  | { type: 'JoinGame'; gameId: string; player: JoiningPlayer; team?: TeamId }
  | { type: 'LeaveGame'; gameId: string; playerId: string }
  /** The player's socket joined (or re-joined) the game's room. */
  | { type: 'ConnectPlayer'; gameId: string; playerId: string }
  /** The player's last socket left the room or dropped. */
  | { type: 'DisconnectPlayer'; gameId: string; playerId: string }
  | { type: 'SetReady'; gameId: string; playerId: string; ready: boolean }
  | { type: 'ChooseTeam'; gameId: string; playerId: string; team: TeamId }
  /** G or R_ED → SIN: the next round's picture is resolved; the countdown starts. */
  | { type: 'PrepareRound'; gameId: string; roundIndex: number; picture: ResolvedPicture }
  /** SIN → SED when the countdown is over. */
  | { type: 'BeginRound'; gameId: string; roundIndex: number }
  | { type: 'StartViewing'; gameId: string; playerId: string; roundIndex: number }
  /** `r`: radius in metres for circles, -1 otherwise. */
  | { type: 'PlaceGuess'; gameId: string; playerId: string; roundIndex: number; loc: LatLng; r: number; final: boolean }
  /** The round timer (`crft`, then `gatft` with gat) passed. */
  | { type: 'EndRound'; gameId: string; roundIndex: number }
  /** Ghost duels: the ghost's recorded guesses whose time has come (domain/game/ghost.ts). */
  | { type: 'PlayGhost'; gameId: string; roundIndex: number }
  | { type: 'ForceEndRound'; gameId: string; playerId: string; roundIndex: number }
  /** 75 s after a disconnection: forfeit, removal or abandonment if the player is still away. */
  | { type: 'CheckPresence'; gameId: string }
  | { type: 'PostChat'; gameId: string; playerId: string; messageId: string; text: string }
  | { type: 'RestartGame'; gameId: string; playerId: string };

export type GameCommandOf<T extends GameCommand['type']> = Extract<GameCommand, { type: T }>;

/** Work the server owes a game at a time: what the round-timer process manager schedules. */
export type ScheduledWork =
  | { kind: 'prepare_round'; roundIndex: number; at: number }
  | { kind: 'begin_round'; roundIndex: number; at: number }
  | { kind: 'end_round'; roundIndex: number; at: number }
  | { kind: 'play_ghost'; roundIndex: number; at: number }
  | { kind: 'check_presence'; at: number };
