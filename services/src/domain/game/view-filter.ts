import type { GameView, GuessView, RoundView } from '@globetrail/contracts';
import { type FullGameView, type GameSnapshot, MAX_SPECTATOR_DELAY_PHASES } from './game-view.js';

/**
 * The game as one viewer may see it (answer-blind): a round's target only once it has ended, its picture
 * only once it has started, and other players' guesses only as "has guessed" until the round ends, except
 * that with `sga` a player who has confirmed sees the others' confirmed guesses.
 */
export function viewFor(full: FullGameView, viewer: { playerId: string | null }, now: number): GameView {
  return viewOf(full.live, viewer.playerId, now);
}

/**
 * What spectators see `delayPhases` phases late (0: live), filtered as for a non-player. Until the game has
 * gone through that many phases they see its oldest phase end (the lobby, which hides nothing), so the
 * version they get only grows. A finished game has nothing left to relay: spectators see its end at once
 * (no phase would ever follow to release it).
 */
export function spectatorView(full: FullGameView, delayPhases: number, now: number): GameView {
  return viewOf(spectatorSnapshot(full, delayPhases), null, now);
}

/** The game as it stood at the point spectators see (unfiltered). */
export function spectatorSnapshot(full: FullGameView, delayPhases: number): GameSnapshot {
  const over = full.live.status === 'G_ED' || full.live.status === 'G_ABON';
  const depth = over ? 0 : Math.min(Math.max(0, Math.floor(delayPhases)), MAX_SPECTATOR_DELAY_PHASES);
  return depth === 0 ? full.live : (full.phaseEnds[depth - 1] ?? full.phaseEnds.at(-1) ?? full.live);
}

/** One snapshot as `playerId` (null: anyone not playing) may see it. */
export function viewOf(snapshot: GameSnapshot, playerId: string | null, now: number): GameView {
  const player = playerId !== null && snapshot.us[playerId] !== undefined ? playerId : null;
  // Once the game is over nothing is left to relay: a round cut short by a forfeit shows its target too.
  const over = snapshot.status === 'G_ED' || snapshot.status === 'G_ABON';
  const rounds = snapshot.rounds.map((round) => (round.ended || over ? round : answerBlind(round, player, snapshot.sga)));
  return { ...snapshot, rounds, viewer: { role: player ? 'player' : 'spectator', playerId }, serverNow: now };
}

/** A round of a game not over, as `player` (null: anyone not playing) may see it. */
export function answerBlind(round: RoundView, player: string | null, sga: boolean): RoundView {
  const confirmed = player !== null && round.gus[player]?.isF === true;
  const visible = (guess: GuessView) => guess.pId === player || (sga && confirmed && guess.isF);
  const gus = Object.fromEntries(Object.entries(round.gus).map(([id, guess]) => [id, visible(guess) ? guess : hasGuessed(guess)]));
  return { ...round, loc: null, targetCountryCode: null, pano: round.startedAt === null ? null : round.pano, gus };
}

/** Another player's guess while it is hidden: only whether they have placed a marker, or confirmed. */
export const hasGuessed = (guess: GuessView): GuessView => ({ pId: guess.pId, loc: null, r: -1, isF: guess.isF, points: null, distance: null, auto: false });
