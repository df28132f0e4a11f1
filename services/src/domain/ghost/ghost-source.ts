import { type GameEvent, type GameEventOf, type GameSettings, hasHitPoints, isDuel } from '@globetrail/contracts';
import { reject, type Rejection } from '../decider.js';
import { evolveGame } from '../game/game.evolve.js';
import { epochMs, type GameState, type GhostRecording } from '../game/game.state.js';
import type { RoundPlan } from '../arena/round-plan.js';

/** A recorded player of a finished duel, as a ghost duel's page shows them (never their guesses). */
export interface GhostablePlayer {
  playerId: string;
  name: string;
  hp: number | null;
  won: boolean;
  /** Joined without an account: nothing to check for a deleted one. */
  anonymous: boolean;
}

/** A finished duel a ghost can come from: what it was, and each player's recording. */
export interface GhostSource {
  /** A finished duel's game, or a challenge (domain/ghost/challenge-ghost.ts); `gameId` is its id. */
  kind: 'game' | 'challenge';
  gameId: string;
  gameT: GameEventOf<'GameCreated'>['data']['gameT'];
  origin: GameEventOf<'GameCreated'>['data']['origin'];
  map: GameEventOf<'GameCreated'>['data']['map'];
  settings: GameSettings;
  endedAt: string;
  players: GhostablePlayer[];
  /** The rounds that were played to their end, in order: a ghost duel plays them again. */
  rounds: RoundPlan['rounds'];
  /** Per player id: their guesses in each of those rounds, timed from its start. */
  recordings: ReadonlyMap<string, GhostRecording['rounds']>;
}

/** A recorded round holds at most this many of a player's guesses (the last ones: the marker moves before). */
const MAX_GUESSES = 200;

/** The id a recorded player has as a ghost: never a real user's, so no profile or board counts the game. */
export const ghostPlayerId = (recordedPlayerId: string) => `ghost:${recordedPlayerId}`;
export const isGhostPlayerId = (playerId: string) => playerId.startsWith('ghost:');

/**
 * Reads a game's events as a ghost source: a one-against-one duel (private, lobby, arena or itself a ghost
 * duel) that ended with at least one round played to its end. A game restarted is read from its last start.
 * Each player's recording is their guesses in each ended round, timed from the round's start, and when they
 * were done with it: their final guess, or the round's end if they never confirmed one.
 */
export function ghostSource(events: readonly GameEvent[]): GhostSource | Rejection {
  let state: GameState = { status: 'none' };
  let rounds = new Map<number, { planned: RoundPlan['rounds'][number]; startedAt: number | null; guesses: Map<string, GhostRecording['rounds'][number]['guesses']>; endedAt: number | null }>();
  let endedAt: string | null = null;
  let winnerTeam: string | null = null;
  for (const event of events) {
    state = evolveGame(state, event);
    switch (event.type) {
      case 'GameRestarted':
        rounds = new Map();
        endedAt = null;
        break;
      case 'RoundStarting': {
        const { roundIndex, target, targetCountryCode, panorama } = event.data;
        rounds.set(roundIndex, { planned: { target, targetCountryCode, panorama }, startedAt: null, guesses: new Map(), endedAt: null });
        break;
      }
      case 'RoundStarted': {
        const round = rounds.get(event.data.roundIndex);
        if (round) round.startedAt = event.data.startedAt;
        break;
      }
      case 'GuessPlaced': {
        const round = rounds.get(event.data.roundIndex);
        if (!round || round.startedAt === null) break;
        const { playerId, loc, r, isF, at } = event.data;
        const own = round.guesses.get(playerId) ?? [];
        own.push({ afterMs: Math.max(0, epochMs(at) - round.startedAt), loc, r, isF });
        round.guesses.set(playerId, own);
        break;
      }
      case 'RoundEnded': {
        const round = rounds.get(event.data.roundIndex);
        if (round) round.endedAt = epochMs(event.data.endedAt);
        break;
      }
      case 'GameEnded':
        endedAt = event.data.endedAt;
        winnerTeam = event.data.winnerTeam;
        break;
      default:
        break;
    }
  }
  if (state.status === 'none') return reject(404, 'not_found', 'no such game');
  if (!isDuel(state.gameT) || state.players.length !== 2) return reject(409, 'not_ghostable', 'a ghost comes from a one-against-one duel');
  if (state.status !== 'G_ED' || endedAt === null) return reject(409, 'not_ghostable', 'this duel is not over yet');
  if (state.ghost?.source.kind === 'challenge') return reject(409, 'not_ghostable', "a ghost duel on a challenge's rounds is its player's own");
  const played = [...rounds.entries()]
    .filter(([, round]) => round.startedAt !== null && round.endedAt !== null)
    .sort(([a], [b]) => a - b)
    .map(([, round]) => round);
  // Rounds are played in order, so the ended ones are 0..n-1; one cut short by a forfeit is not replayed.
  if (played.length === 0) return reject(409, 'not_ghostable', 'this duel ended before any round was played to its end');
  const recordings = new Map<string, GhostRecording['rounds']>();
  for (const player of state.players) {
    recordings.set(
      player.id,
      played.map((round) => {
        const startedAt = round.startedAt ?? 0;
        const guesses = (round.guesses.get(player.id) ?? []).slice(-MAX_GUESSES);
        const final = guesses.find((guess) => guess.isF);
        return { guesses, doneAfterMs: final?.afterMs ?? Math.max(0, (round.endedAt ?? startedAt) - startedAt) };
      }),
    );
  }
  const game = state;
  const hp = (team: string | null) => (team !== null && hasHitPoints(game.gameT) ? (game.hp?.[team as '0' | '1'] ?? null) : null);
  return {
    kind: 'game',
    gameId: game.gameId,
    gameT: game.gameT,
    origin: game.origin,
    map: { id: game.map.id, name: game.map.name, maxMapDistance: game.map.mmd },
    settings: game.settings,
    endedAt,
    players: game.players.map((player) => ({ playerId: player.id, name: player.name, hp: hp(player.team), won: winnerTeam !== null && player.team === winnerTeam, anonymous: player.isA })),
    rounds: played.map((round) => round.planned),
    recordings,
  };
}

/** The ghost of `playerId` in `source`: what GhostRecorded stores, or why that player cannot be one. */
export function recordGhost(source: GhostSource, playerId: string): GhostRecording | Rejection {
  const player = source.players.find((candidate) => candidate.playerId === playerId);
  const rounds = source.recordings.get(playerId);
  if (!player || !rounds) return reject(400, 'validation_failed', `playerId: ${playerId} did not play in game ${source.gameId}`, 'playerId');
  if (isGhostPlayerId(playerId)) return reject(400, 'validation_failed', 'playerId: that player is a ghost already; pick the player who played it', 'playerId');
  return { playerId: ghostPlayerId(playerId), source: { ...(source.kind === 'challenge' ? { kind: 'challenge' as const } : {}), gameId: source.gameId, playerId, name: player.name, endedAt: source.endedAt }, rounds };
}

/** A ghost duel's settings: the recorded duel's rules, unranked, with no minimum rating. */
export function ghostSettings(source: GhostSource): GameSettings {
  return { ...source.settings, nr: source.rounds.length, mElo: null, tag: null };
}
