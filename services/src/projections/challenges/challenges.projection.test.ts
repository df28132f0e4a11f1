import type { ChallengeCreated, ChallengePlayEvent, DomainEvent } from '@globetrail/contracts';
import { challengePlayDecider, type ChallengePlayCommand } from '../../domain/challenge/challenge-play.decider.js';
import { fixedContext } from '../../domain/testing/decider-spec.js';
import { challengeCommentsProjection } from '../challenge-comments/challenge-comments.projection.js';
import { challengeProgressProjection } from '../challenge-progress/challenge-progress.projection.js';
import { project } from '../testing/project.js';
import { challengesProjection, LISTED_PER_AUTHOR, NEVER_ENDS } from './challenges.projection.js';

const at = '2026-11-21T10:00:00.000Z';
const PARIS = { lat: 48.8566, lng: 2.3522 };
const ROME = { lat: 41.9028, lng: 12.4964 };

const challenge = (id: string, ip = false): ChallengeCreated['data'] => ({
  challengeId: id,
  authorId: 'ada',
  authorName: 'Ada',
  rules: { t: 'Two cities', d: '', sd: null, ed: null, ip, nmpz: true, nm: false, hsn: true, rl: 3, gat: true, mlte: 0, dmdp1: 0, dmdp2: -1 },
  mapId: 'world',
  mapName: 'World',
  mapContent: 'places',
  maxMapDistance: 20_037_500,
  rounds: [
    { target: PARIS, targetCountryCode: 'FR', panorama: { provider: 'sample', imageId: 'paris', heading: 0 } },
    { target: ROME, targetCountryCode: 'IT', panorama: { provider: 'sample', imageId: 'rome', heading: 0 } },
  ],
  daily: null,
  authorChoseRounds: false,
  createdAt: at,
});

type Step = ChallengePlayCommand extends infer C ? (C extends ChallengePlayCommand ? Omit<C, 'challenge' | 'player'> : never) : never;

const secondsAfter = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

/** A player's stream as the decider writes it, for the given commands in order (each at its second after `at`). */
function plays(data: ChallengeCreated['data'], playerId: string, steps: Array<Step | [Step, number]>): ChallengePlayEvent[] {
  const events: ChallengePlayEvent[] = [];
  for (const entry of steps) {
    const [step, second] = Array.isArray(entry) ? entry : [entry, 0];
    const command = { ...step, challenge: data, player: { id: playerId, name: playerId.toUpperCase(), level: 5 } } as ChallengePlayCommand;
    const decided = challengePlayDecider.decide(command, events.reduce(challengePlayDecider.evolve, challengePlayDecider.initialState), fixedContext(secondsAfter(second)));
    if (!Array.isArray(decided)) throw new Error(decided.message);
    events.push(...decided);
  }
  return events;
}

const created = (data: ChallengeCreated['data']): DomainEvent => ({ type: 'ChallengeCreated', version: 1, data });
const playedThrough = (data: ChallengeCreated['data'], player: string) =>
  plays(data, player, [
    { type: 'JoinChallenge' },
    { type: 'StartChallengeRound', roundIndex: 0, token: 'token-0000000000000000' },
    { type: 'ScoreChallengeRound', roundIndex: 0, guess: PARIS, claims: {} },
    [{ type: 'StartChallengeRound', roundIndex: 1, token: 'token-1111111111111111' }, 2],
    // The round's 3 s are up at 5 s: it ends with no guess.
    [{ type: 'ScoreChallengeRound', roundIndex: 1, guess: null, claims: {} }, 6],
    [{ type: 'RateChallenge', rating: 4 }, 7],
    [{ type: 'CommentChallenge', commentId: `c-${player}`, roundIndex: 0, comment: 'The Seine!' }, 8],
  ]);

describe('challenge read models', () => {
  it('count players once each (a player who leaves and joins again is one), completions, ratings and comments; never a target', async () => {
    const ch = challenge('ch1');
    const bob = playedThrough(ch, 'bob');
    const cy = plays(ch, 'cy', [{ type: 'JoinChallenge' }, { type: 'LeaveChallenge' }, { type: 'JoinChallenge' }]);
    const { challenges } = await project(challengesProjection, [
      ['challenge-ch1', [created(ch)]],
      ['challengeplay-ch1~bob', bob],
      ['challengeplay-ch1~cy', cy],
      ['challenge-ch2', [created(challenge('ch2', true))]],
    ]);
    expect(challenges).toMatchObject([
      { id: 'ch1', players: 2, completions: 1, ratings: 1, ratingSum: 4, rating: 4, comments: 1, listed: true, bl: true, nr: 2, ends: NEVER_ENDS },
      { id: 'ch2', players: 0, listed: false },
    ]);
    expect(JSON.stringify(challenges)).not.toContain(String(PARIS.lat));
  });

  it(`list an author's ${LISTED_PER_AUTHOR} newest public challenges at once: an older one leaves the lists, private ones and the day's do not count`, async () => {
    const by = (id: string, author: string, options: { ip?: boolean; daily?: string } = {}) => ({ ...challenge(id, options.ip ?? false), authorId: author, daily: options.daily ?? null });
    const { challenges, challenge_authors } = await project(challengesProjection, [
      ['challenge-a1', [created(by('a1', 'ada'))]],
      ['challenge-a2', [created(by('a2', 'ada'))]],
      ['challenge-a3', [created(by('a3', 'ada', { ip: true }))]],
      ['challenge-a4', [created(by('a4', 'ada'))]],
      ['challenge-b1', [created(by('b1', 'bob'))]],
      ['challenge-a5', [created(by('a5', 'ada'))]],
      ['challenge-a6', [created(by('a6', 'ada'))]],
      ['challenge-d1', [created(by('d1', 'system', { daily: '2026-11-21' }))]],
      ['challenge-d2', [created(by('d2', 'system', { daily: '2026-11-21-NM' }))]],
      ['challenge-d3', [created(by('d3', 'system', { daily: '2026-11-21-NMPZ' }))]],
      ['challenge-d4', [created(by('d4', 'system', { daily: '2026-11-21-Blink' }))]],
    ]);
    const listed = (challenges as Array<{ id: string; listed: boolean }>).filter((doc) => doc.listed).map((doc) => doc.id);
    expect(listed).toEqual(['a4', 'a5', 'a6', 'b1', 'd1', 'd2', 'd3', 'd4']);
    expect(challenges).toHaveLength(11);
    expect(challenge_authors).toEqual([{ id: 'ada', listed: ['a4', 'a5', 'a6'] }, { id: 'bob', listed: ['b1'] }]);
  });

  it("keep each player's progress: scores, guesses ('' for a timed-out round), finished rounds' targets, rating, the open round", async () => {
    const ch = challenge('ch1');
    const dee = plays(ch, 'dee', [{ type: 'JoinChallenge' }, { type: 'StartChallengeRound', roundIndex: 0, token: 'token-2222222222222222' }]);
    const { challenge_progress } = await project(challengeProgressProjection, [
      ['challenge-ch1', [created(ch)]],
      ['challengeplay-ch1~bob', playedThrough(ch, 'bob')],
      ['challengeplay-ch1~dee', dee],
    ]);
    expect(challenge_progress).toMatchObject([
      { id: 'ch1:bob', spr: [10_000, 0], glpr: [`${PARIS.lat},${PARIS.lng}`, ''], targets: [`${PARIS.lat},${PARIS.lng}`, `${ROME.lat},${ROME.lng}`], rating: 4, totalPoints: 10_000, completed: true, current: null },
      { id: 'ch1:dee', spr: [], targets: [], current: { roundIndex: 0, token: 'token-2222222222222222', deadline: '2026-11-21T10:00:28.000Z' } },
    ]);
  });

  it('keep comments with their round', async () => {
    const ch = challenge('ch1');
    const { challenge_comments } = await project(challengeCommentsProjection, [['challengeplay-ch1~bob', playedThrough(ch, 'bob')]]);
    expect(challenge_comments).toEqual([{ id: 'c-bob', challengeId: 'ch1', userId: 'bob', name: 'BOB', roundIndex: 0, comment: 'The Seine!', at: secondsAfter(8) }]);
  });
});
