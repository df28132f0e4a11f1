import type { GameEventOf, GameMode, GameOrigin, GameSettings, GameStatus, LatLng, PanoramaRef, PlayerRoundResult, TeamId } from '@globetrail/contracts';

/** A player as the rules need them; presence times are epoch ms. */
export interface Player {
  id: string;
  name: string;
  isA: boolean;
  /** The rating they joined with; ratings are computed from it, never from a later one. */
  elo: number | null;
  team: TeamId | null;
  ready: boolean;
  isC: boolean;
  lsS: number;
  /** Rounds ended in a row without a guess. */
  ir: number;
  points: number;
  lastChatAt: number | null;
}

export interface Guess {
  loc: LatLng;
  r: number;
  isF: boolean;
}

export interface RoundEnd {
  at: number;
  results: Readonly<Record<string, PlayerRoundResult>>;
  teamScores: Readonly<Partial<Record<TeamId, number>>> | null;
}

export interface Round {
  index: number;
  target: LatLng;
  targetCountryCode: string | null;
  panorama: PanoramaRef;
  startsAt: number;
  startedAt: number | null;
  crft: number | null;
  gatft: number | null;
  hidesAt: Readonly<Record<string, number>>;
  guesses: Readonly<Record<string, Guess>>;
  /** Ghost duels: how many of the ghost's recorded guesses for this round have been placed. */
  ghostSteps: number;
  end: RoundEnd | null;
}

export interface Game {
  status: GameStatus;
  gameId: string;
  gameT: GameMode;
  origin: GameOrigin;
  settings: GameSettings;
  map: { id: string; name: string; mmd: number };
  hostId: string;
  /** In join order: the host hand-over picks the longest-present player. */
  players: readonly Player[];
  /** Hit points per side in T, D and L; null elsewhere. */
  hp: Readonly<Record<TeamId, number>> | null;
  cr: number;
  rounds: readonly Round[];
  /** When the current status began (epoch ms): the launch, or the end of the last round. */
  phaseAt: number;
  /** Every chat message id ever posted, so a resent message appends nothing. */
  chatIds: ReadonlySet<string>;
  /** A ranked match's round plan, committed to by GameCreated's roundPlanHash; null for other games. */
  plan: GameEventOf<'RoundPlanDrawn'>['data'] | null;
  /** A ghost duel's recorded opponent (GhostRecorded); null for other games. */
  ghost: GhostRecording | null;
}

export type GhostRecording = GameEventOf<'GhostRecorded'>['data'];

export type GameState = { status: 'none' } | Game;

export const TEAMS: readonly TeamId[] = ['0', '1'];

export const epochMs = (instant: string) => Date.parse(instant);
export const instantOf = (ms: number) => new Date(ms).toISOString();

export const findPlayer = (game: Game, playerId: string) => game.players.find((player) => player.id === playerId);

export const roundAt = (game: Game, index: number): Round | undefined => game.rounds.find((round) => round.index === index);

/** The round being counted down, played or shown: the last one prepared. */
export const latestRound = (game: Game): Round | undefined => game.rounds.at(-1);

/** Launched and not over: leaving only marks a player offline, and presence can forfeit or end rounds. */
export const isRunning = (game: Game) => game.status === 'G' || game.status === 'SIN' || game.status === 'SED' || game.status === 'R_ED';

export const isOver = (game: Game) => game.status === 'G_ED' || game.status === 'G_ABON';

export const teamMembers = (game: Game, team: TeamId) => game.players.filter((player) => player.team === team);
