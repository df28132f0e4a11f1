import { type ChallengeEvent, type ChallengePlayEvent, type GameSettings, isBlink, LIVE } from '@globetrail/contracts';
import { reject, type Rejection } from '../decider.js';
import type { GhostRecording } from '../game/game.state.js';
import type { GhostSource } from './ghost-source.js';

type Created = Extract<ChallengeEvent, { type: 'ChallengeCreated' }>['data'];
type Scored = Extract<ChallengePlayEvent, { type: 'ChallengeRoundScored' }>['data'];

/** A challenge player's part as a ghost source reads it: who they are, and their scored rounds. */
export interface ChallengePlay {
  playerId: string;
  name: string;
  scored: readonly Scored[];
}

/** A ghost duel's settings from a challenge's rules: its round time, Blink, movement and time-up window. */
export function challengeGhostSettings(rules: Created['rules'], rounds: number): GameSettings {
  return { nr: rounds, rl: rules.rl, bl: isBlink(rules.rl), gat: rules.gat, sga: false, mElo: null, s_hp: LIVE.duelHitPoints, tag: null, nm: rules.nm, nmpz: rules.nmpz };
}

/**
 * The last moment a live round with these settings takes a guess, from its start (ms): a challenge allows a
 * few seconds' network grace after `rl` that a live round does not, so a guess made then is replayed at the
 * round's last moment rather than lost.
 */
function lastMoment(settings: GameSettings): number {
  if (settings.rl === -1) return Number.POSITIVE_INFINITY;
  if (settings.bl) return LIVE.blinkGuessWindowMs;
  return settings.rl * 1000 + (settings.gat ? LIVE.gatWindowMs : 0);
}

/**
 * A challenge (a daily, or a custom one) as a ghost source: its rounds, and the one player's recording —
 * their guess in each round at the time it took them (`timeTakenMs`), or none for a round whose time ran
 * out. Only a player who finished every round can be a ghost. Each round's picture gets a fresh address
 * (`newToken`): the challenge's own are its players'.
 */
export function challengeGhostSource(created: Created, play: ChallengePlay, newToken: () => string): GhostSource | Rejection {
  const byRound = new Map(play.scored.map((scored) => [scored.roundIndex, scored]));
  const complete = created.rounds.every((_, index) => byRound.has(index));
  if (!complete) return reject(409, 'not_ghostable', `${play.name} has not finished this challenge`);
  const settings = challengeGhostSettings(created.rules, created.rounds.length);
  const last = lastMoment(settings);
  const recording: GhostRecording['rounds'] = created.rounds.map((_, index) => {
    const scored = byRound.get(index)!;
    const afterMs = Math.min(scored.timeTakenMs, last);
    return { guesses: scored.guess ? [{ afterMs, loc: scored.guess, r: -1, isF: true }] : [], doneAfterMs: afterMs };
  });
  const finished = play.scored.reduce((latest, scored) => (scored.scoredAt > latest ? scored.scoredAt : latest), created.createdAt);
  return {
    kind: 'challenge',
    gameId: created.challengeId,
    gameT: 'D',
    origin: 'ghost',
    map: { id: created.mapId, name: created.mapName, maxMapDistance: created.maxMapDistance },
    settings,
    endedAt: finished,
    players: [{ playerId: play.playerId, name: play.name, hp: null, won: false, anonymous: false }],
    rounds: created.rounds.map((round) => ({ target: round.target, targetCountryCode: round.targetCountryCode, panorama: { ...round.panorama, token: newToken() } })),
    recordings: new Map([[play.playerId, recording]]),
  };
}
