import { type AuditedGuess, type AuditedRound, type AuditFinding, type GameEvent, type GameEventOf, greatCircleDistance, type LatLng, type MatchAudit, type PlayerRoundResult } from '@globetrail/contracts';

export type { MatchAudit } from '@globetrail/contracts';
import { gameEnded } from '../game/game-end.js';
import { evolveGame } from '../game/game.evolve.js';
import { epochMs, type Game, type GameState } from '../game/game.state.js';
import { ratingChangesOf } from '../game/ratings.js';
import { endRound } from '../game/round-end.js';
import { roundPlanHash } from './round-plan.js';

/** One event of the match's stream as the audit reads it. */
export interface AuditedEvent {
  revision: number;
  event: GameEvent;
  recordedAt: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const point = (at: LatLng | null | undefined) => (at ? `${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}` : 'none');

/**
 * Audits a ranked arena match from its stream alone: the round plan's hash committed in the first event
 * against the plan revealed in the second, every round's target against the plan, and every round's
 * result, damage and hit points, and the match's Elo changes, recomputed with the game's own rules from
 * the state the events before it give. Any difference is a finding that fails; a match still being played
 * reveals nothing but its commitment.
 */
export function auditMatch(matchId: string, stream: readonly AuditedEvent[]): MatchAudit {
  const findings: AuditFinding[] = [];
  const check = (name: string, ok: boolean, detail: string) => findings.push({ check: name, ok, detail });
  const created = stream[0]?.event.type === 'GameCreated' ? (stream[0].event as GameEventOf<'GameCreated'>) : null;
  const committedHash = created?.data.roundPlanHash ?? null;
  const over = stream.some(({ event }) => event.type === 'GameEnded' || event.type === 'GameAbandoned');
  const base = { matchId, committedHash, committedAt: created?.data.createdAt ?? null };
  if (!over) return { ...base, verdict: 'in_progress', plan: null, recomputedHash: null, players: [], rounds: [], ratingChanges: null, findings: [] };

  check('first event', created !== null && (created.data.origin === 'arena' || created.data.origin === 'ghost'), created ? `GameCreated, origin ${created.data.origin}` : `the stream begins with ${stream[0]?.event.type ?? 'nothing'}`);
  const drawn = stream[1]?.event.type === 'RoundPlanDrawn' ? (stream[1].event as GameEventOf<'RoundPlanDrawn'>) : null;
  check('round plan stored with the commitment', drawn !== null, drawn ? `RoundPlanDrawn at revision 1: ${drawn.data.rounds.length} rounds` : 'no RoundPlanDrawn right after GameCreated');
  const recomputedHash = drawn ? roundPlanHash(drawn.data) : null;
  check('round plan hash', committedHash !== null && recomputedHash === committedHash, `committed ${committedHash ?? 'none'}, plan hashes to ${recomputedHash ?? 'nothing'}`);

  let state: GameState = { status: 'none' };
  const rounds = new Map<number, AuditedRound>();
  let ratingChanges: MatchAudit['ratingChanges'] = null;
  for (const { event } of stream) {
    const before = state;
    if (event.type === 'RoundStarting') {
      const planned = drawn?.data.rounds[event.data.roundIndex] ?? null;
      rounds.set(event.data.roundIndex, { index: event.data.roundIndex, target: event.data.target, plannedTarget: planned?.target ?? null, startedAt: event.data.at, endedAt: null, guesses: [], damage: null, recomputedDamage: null, hp: null });
      check(`round ${event.data.roundIndex + 1}: target as planned`, planned !== null && same(planned.target, event.data.target) && planned.panorama.imageId === event.data.panorama.imageId, `played ${point(event.data.target)}, planned ${point(planned?.target)}`);
    }
    if (event.type === 'GuessPlaced' && before.status !== 'none' && before.ghost?.playerId === event.data.playerId) {
      checkGhostGuess(before, event, check);
    }
    if (event.type === 'RoundEnded' && before.status !== 'none') {
      auditRound(before, event, rounds, check);
    }
    if (event.type === 'GameEnded' && before.status !== 'none') {
      const recomputed = recomputeEnd(before, event);
      ratingChanges = { stored: event.data.ratingChanges, recomputed: recomputed.ratingChanges };
      check('result and standings', same(recomputed.standings, event.data.standings) && recomputed.winnerTeam === event.data.winnerTeam, `stored winner side ${event.data.winnerTeam ?? 'none'}, recomputed ${recomputed.winnerTeam ?? 'none'}`);
      check('Elo changes', same(recomputed.ratingChanges, event.data.ratingChanges), `stored ${JSON.stringify(event.data.ratingChanges)}, recomputed ${JSON.stringify(recomputed.ratingChanges)}`);
    }
    state = evolveGame(state, event);
  }
  const game = state.status === 'none' ? null : state;
  return {
    ...base,
    verdict: findings.every((finding) => finding.ok) ? 'fair' : 'tampered',
    plan: drawn ? { salt: drawn.data.salt, targets: drawn.data.rounds.map((round) => round.target) } : null,
    recomputedHash,
    players: game?.players.map((player) => ({ id: player.id, name: player.name, team: player.team, elo: player.elo })) ?? [],
    rounds: [...rounds.values()].sort((a, b) => a.index - b.index),
    ratingChanges,
    findings,
  };
}

/** The round's result as the rules give it from the state before it, beside what was stored. */
function auditRound(game: Game, stored: GameEventOf<'RoundEnded'>, rounds: Map<number, AuditedRound>, check: (name: string, ok: boolean, detail: string) => void): void {
  const { roundIndex } = stored.data;
  const label = `round ${roundIndex + 1}`;
  const round = rounds.get(roundIndex);
  const expected = endRound(game, stored.data.reason, epochMs(stored.data.endedAt))[0] as GameEventOf<'RoundEnded'>;
  check(`${label}: target revealed as played`, round !== undefined && same(round.target, stored.data.target), `revealed ${point(stored.data.target)}, played ${point(round?.target)}`);
  const guesses = game.players.map((player): AuditedGuess => {
    const result: PlayerRoundResult | undefined = stored.data.results[player.id];
    const again = expected.data.results[player.id];
    const loc = result?.loc ?? null;
    return {
      playerId: player.id,
      name: player.name,
      guess: loc,
      distance: result?.distance ?? null,
      recomputedDistance: loc && round?.target ? greatCircleDistance(loc, round.target) : null,
      points: result?.points ?? 0,
      recomputedPoints: again?.points ?? null,
    };
  });
  const differing = guesses.filter((guess) => !same(stored.data.results[guess.playerId], expected.data.results[guess.playerId]));
  check(`${label}: distances and points`, differing.length === 0, differing.length === 0 ? `${guesses.length} results recomputed` : differing.map((guess) => `${guess.name}: stored ${guess.points} points at ${guess.distance ?? '—'} m, recomputed ${guess.recomputedPoints ?? '—'} at ${guess.recomputedDistance?.toFixed(1) ?? '—'} m`).join('; '));
  check(`${label}: damage and hit points`, same(stored.data.teamScores, expected.data.teamScores) && same(stored.data.damage, expected.data.damage) && same(stored.data.hp, expected.data.hp), `stored damage ${JSON.stringify(stored.data.damage)} hp ${JSON.stringify(stored.data.hp)}, recomputed damage ${JSON.stringify(expected.data.damage)} hp ${JSON.stringify(expected.data.hp)}`);
  if (round) {
    round.endedAt = stored.data.endedAt;
    round.guesses = guesses;
    round.damage = stored.data.damage ? { team: stored.data.damage.team, amount: stored.data.damage.amount } : null;
    round.recomputedDamage = expected.data.damage ? { team: expected.data.damage.team, amount: expected.data.damage.amount } : null;
    round.hp = stored.data.hp;
  }
}

/**
 * Ghost duels: each of the ghost's guesses is the next one of its recording for the round, placed at its
 * recorded time after the round's start — the server cannot have moved the ghost to suit anyone.
 */
function checkGhostGuess(game: Game, placed: GameEventOf<'GuessPlaced'>, check: (name: string, ok: boolean, detail: string) => void): void {
  const { roundIndex, loc, r, isF, at } = placed.data;
  const round = game.rounds.find((candidate) => candidate.index === roundIndex);
  const recorded = game.ghost?.rounds[roundIndex]?.guesses[round?.ghostSteps ?? -1];
  const expectedAt = round?.startedAt !== null && round?.startedAt !== undefined && recorded ? round.startedAt + recorded.afterMs : null;
  const ok = recorded !== undefined && same({ loc, r, isF }, { loc: recorded.loc, r: recorded.r, isF: recorded.isF }) && expectedAt === epochMs(at);
  check(`round ${roundIndex + 1}: ghost guess ${(round?.ghostSteps ?? 0) + 1} as recorded`, ok, `placed ${point(loc)} at ${at}, recorded ${point(recorded?.loc)} at ${expectedAt === null ? 'no time' : new Date(expectedAt).toISOString()}`);
}

/** GameEnded as the rules give it: by the last round, or a forfeit whose winner side is as stored. */
function recomputeEnd(game: Game, stored: GameEventOf<'GameEnded'>): GameEventOf<'GameEnded'>['data'] {
  if (stored.data.reason !== 'forfeit') return (gameEnded(game, stored.data.reason, epochMs(stored.data.endedAt)) as GameEventOf<'GameEnded'>).data;
  const loser = stored.data.winnerTeam === null ? null : stored.data.winnerTeam === '0' ? '1' : '0';
  const ended = gameEnded(game, 'forfeit', epochMs(stored.data.endedAt), loser) as GameEventOf<'GameEnded'>;
  return { ...ended.data, ratingChanges: ratingChangesOf(game, stored.data.winnerTeam) };
}
