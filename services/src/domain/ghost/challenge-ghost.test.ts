import type { ChallengeCreated, ChallengeRoundScored } from '@globetrail/contracts';
import { LIVE } from '@globetrail/contracts';
import { isRejection } from '../decider.js';
import { challengeGhostSource } from './challenge-ghost.js';
import { recordGhost } from './ghost-source.js';

const paris = { lat: 48.8584, lng: 2.2945 };
const tokyo = { lat: 35.6595, lng: 139.7005 };
const rules = { t: 'Daily', d: '', sd: null, ed: null, ip: false, nmpz: true, nm: false, hsn: true, rl: 30, gat: false, mlte: 0, dmdp1: 0, dmdp2: -1 };
const created = (overrides: Partial<ChallengeCreated['data']> = {}): ChallengeCreated['data'] => ({
  challengeId: 'daily-1',
  authorId: 'system',
  authorName: 'GlobeTrail',
  rules,
  mapId: 'world',
  mapName: 'World',
  mapContent: 'world',
  maxMapDistance: 20_037_500,
  rounds: [paris, tokyo].map((target, i) => ({ target, targetCountryCode: null, panorama: { provider: 'local', imageId: `img-${i}`, heading: 90 } })),
  daily: '2026-11-29',
  authorChoseRounds: false,
  createdAt: '2026-11-29T00:00:00.000Z',
  ...overrides,
});
const scored = (roundIndex: number, guess: typeof paris | null, timeTakenMs: number): ChallengeRoundScored['data'] => ({
  challengeId: 'daily-1',
  userId: 'ann',
  roundIndex,
  guess,
  target: paris,
  distanceMeters: guess ? 0 : null,
  points: guess ? 5000 : 0,
  targetCountryCode: null,
  guessCountryCode: null,
  timeTakenMs,
  totalPoints: 5000,
  completed: roundIndex === 1,
  daily: '2026-11-29',
  scoredAt: `2026-11-29T08:0${roundIndex}:00.000Z`,
});
let tokens = 0;
const newToken = () => `fresh-token-${++tokens}-0000000000`;

describe('a challenge as a ghost source', () => {
  it("replays each round's guess at the time it took, a round whose time ran out with no guess, on the challenge's rules", () => {
    const source = challengeGhostSource(created(), { playerId: 'ann', name: 'Ann', scored: [scored(0, paris, 12_345), scored(1, null, 33_000)] }, newToken);
    if (isRejection(source)) throw new Error(source.message);
    expect(source).toMatchObject({ kind: 'challenge', gameId: 'daily-1', endedAt: '2026-11-29T08:01:00.000Z', settings: { nr: 2, rl: 30, nmpz: true, bl: false, s_hp: LIVE.duelHitPoints, mElo: null } });
    expect(source.rounds.map((round) => [round.target, round.panorama.imageId])).toEqual([
      [paris, 'img-0'],
      [tokyo, 'img-1'],
    ]);
    // Fresh picture addresses: the challenge's own belong to its players.
    expect(new Set(source.rounds.map((round) => round.panorama.token)).size).toBe(2);
    expect(source.recordings.get('ann')).toEqual([
      { guesses: [{ afterMs: 12_345, loc: paris, r: -1, isF: true }], doneAfterMs: 12_345 },
      // Scored after the live round's last moment (a challenge's network grace): at that moment.
      { guesses: [], doneAfterMs: 30_000 },
    ]);
    expect(recordGhost(source, 'ann')).toMatchObject({ playerId: 'ghost:ann', source: { kind: 'challenge', gameId: 'daily-1', playerId: 'ann', name: 'Ann' } });
  });

  it('keeps a guess made in the time-is-up window, and has no last moment without a time limit', () => {
    const late = challengeGhostSource(created({ rules: { ...rules, gat: true } }), { playerId: 'ann', name: 'Ann', scored: [scored(0, paris, 40_000), scored(1, paris, 50_000)] }, newToken);
    if (isRejection(late)) throw new Error(late.message);
    expect(late.recordings.get('ann')!.map((round) => round.doneAfterMs)).toEqual([40_000, 45_000]);
    const open = challengeGhostSource(created({ rules: { ...rules, rl: -1 } }), { playerId: 'ann', name: 'Ann', scored: [scored(0, paris, 400_000), scored(1, paris, 5)] }, newToken);
    if (isRejection(open)) throw new Error(open.message);
    expect(open.recordings.get('ann')!.map((round) => round.doneAfterMs)).toEqual([400_000, 5]);
  });

  it('refuses a player who has not finished every round', () => {
    expect(challengeGhostSource(created(), { playerId: 'ann', name: 'Ann', scored: [scored(0, paris, 1_000)] }, newToken)).toMatchObject({ status: 409, code: 'not_ghostable' });
  });
});
