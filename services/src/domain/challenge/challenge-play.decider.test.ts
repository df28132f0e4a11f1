import type { ChallengeCreated, ChallengePlayEvent, ChallengeRules } from '@globetrail/contracts';
import { fixedContext, spec } from '../testing/decider-spec.js';
import { challengeDecider } from './challenge.decider.js';
import { type ChallengePlayCommand, challengePlayDecider } from './challenge-play.decider.js';

const play = spec(challengePlayDecider);
const START = '2026-11-21T12:00:00.000Z';
const at = (seconds: number) => fixedContext(new Date(Date.parse(START) + seconds * 1000).toISOString());

const rules = (overrides: Partial<ChallengeRules> = {}): ChallengeRules => ({
  t: 'Paris and Rome',
  d: '',
  sd: null,
  ed: null,
  ip: false,
  nmpz: false,
  nm: false,
  hsn: true,
  rl: -1,
  gat: true,
  mlte: 0,
  dmdp1: 0,
  dmdp2: -1,
  ...overrides,
});

const PARIS = { lat: 48.8566, lng: 2.3522 };
const ROME = { lat: 41.9028, lng: 12.4964 };

const challenge = (overrides: Partial<ChallengeRules> = {}): ChallengeCreated['data'] => ({
  challengeId: 'ch1',
  authorId: 'ada',
  authorName: 'Ada',
  rules: rules(overrides),
  mapId: 'world',
  mapName: 'World',
  mapContent: 'places',
  maxMapDistance: 20_037_500,
  rounds: [
    { target: PARIS, targetCountryCode: 'FR', panorama: { provider: 'sample', imageId: 'paris', heading: 90 } },
    { target: ROME, targetCountryCode: 'IT', panorama: { provider: 'sample', imageId: 'rome', heading: 10 } },
  ],
  daily: null,
  authorChoseRounds: false,
  createdAt: START,
});

const player = { id: 'bob', name: 'Bob', level: 3 };
const base = (ch = challenge()) => ({ challenge: ch, player });
const join = (ch = challenge()): ChallengePlayCommand => ({ type: 'JoinChallenge', ...base(ch) });
const start = (roundIndex: number, ch = challenge()): ChallengePlayCommand => ({ type: 'StartChallengeRound', ...base(ch), roundIndex, token: `token-${roundIndex}-0123456789` });
const guess = (roundIndex: number, where: { lat: number; lng: number } | null, ch = challenge(), claims = {}): ChallengePlayCommand => ({
  type: 'ScoreChallengeRound',
  ...base(ch),
  roundIndex,
  guess: where,
  claims,
});

/** Runs commands one after the other, each at its second from START, and returns every event. */
function history(steps: Array<[ChallengePlayCommand, number]>): ChallengePlayEvent[] {
  const events: ChallengePlayEvent[] = [];
  for (const [command, second] of steps) {
    const decided = play.given(events).when(command, at(second));
    if (!Array.isArray(decided)) throw new Error(`refused: ${decided.message}`);
    events.push(...decided);
  }
  return events;
}

describe('challenge decider', () => {
  const create = spec(challengeDecider);
  const command = { type: 'CreateChallenge', challengeId: 'ch1', author: { id: 'ada', name: 'Ada' }, rules: rules(), map: { id: 'world', name: 'World', content: 'places', maxMapDistance: 1 }, rounds: challenge().rounds, daily: null, authorChoseRounds: false } as const;

  it('creates a challenge once: the same author again appends nothing (a retry, or two first requests of the day)', () => {
    const events = create.given([]).when(command);
    expect(events).toMatchObject([{ type: 'ChallengeCreated', data: { challengeId: 'ch1', authorId: 'ada', rounds: command.rounds } }]);
    expect(create.given(events as never).when(command)).toEqual([]);
    expect(create.given(events as never).when({ ...command, author: { id: 'eve', name: 'Eve' } })).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('refuses a challenge without rounds, naming nr', () => {
    expect(create.given([]).when({ ...command, rounds: [] })).toMatchObject({ status: 400, field: 'nr' });
  });
});

describe('challenge play decider', () => {
  it('given a joined player, when they open a round, then it has its own token and no deadline without a time limit', () => {
    const events = history([[join(), 0], [start(0), 1]]);
    expect(events.map((e) => e.type)).toEqual(['ChallengeJoined', 'ChallengeRoundStarted']);
    expect(events[1]!.data).toMatchObject({ roundIndex: 0, target: PARIS, panorama: { imageId: 'paris', token: 'token-0-0123456789' }, movement: 'move', deadline: null });
  });

  it("given a joined player, when they open a round with a turn, then the round's picture keeps it beside its token (and none without)", () => {
    const events = history([[join(), 0], [{ ...start(0), yawOffset: 123.4 } as ChallengePlayCommand, 1]]);
    expect(events[1]!.data).toMatchObject({ panorama: { imageId: 'paris', heading: 90, token: 'token-0-0123456789', yawOffset: 123.4 } });
    expect(history([[join(), 0], [start(0), 1]])[1]!.data).toMatchObject({ panorama: expect.not.objectContaining({ yawOffset: expect.anything() }) });
  });

  it('opens rounds in order: not before joining, not the next before guessing, not past the last; asked again, nothing new', () => {
    expect(play.given([]).when(start(0))).toMatchObject({ status: 409, code: 'not_joined' });
    const opened = history([[join(), 0], [start(0), 1]]);
    expect(play.given(opened).when(start(0))).toEqual([]);
    expect(play.given(opened).when(start(1))).toMatchObject({ status: 409, code: 'round_not_guessed', field: 'roundNumber' });
    const done = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 5], [start(1), 6], [guess(1, ROME), 9]]);
    expect(play.given(done).when(start(2))).toMatchObject({ status: 409, code: 'challenge_completed' });
    expect(play.given(history([[join(), 0]])).when(start(1))).toMatchObject({ status: 409, code: 'round_not_current' });
  });

  it('scores a guess against the stored target; the last round completes the challenge with the total', () => {
    const events = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 5], [start(1), 6], [guess(1, PARIS), 9]]);
    const scored = events.filter((e) => e.type === 'ChallengeRoundScored').map((e) => e.data);
    expect(scored[0]).toMatchObject({ roundIndex: 0, points: 10_000, distanceMeters: 0, guessCountryCode: 'FR', timeTakenMs: 4000, completed: false, totalPoints: 10_000 });
    expect(scored[1]).toMatchObject({ roundIndex: 1, completed: true, target: ROME, guessCountryCode: 'FR', targetCountryCode: 'IT' });
    expect(scored[1]!.points).toBeLessThan(10_000);
    expect(scored[1]!.totalPoints).toBe(10_000 + scored[1]!.points);
  });

  it('refuses a client score that disagrees with the server, naming the field; a matching one is accepted', () => {
    const opened = history([[join(), 0], [start(0), 1]]);
    expect(play.given(opened).when(guess(0, PARIS, challenge(), { scoreToAdd: 9_000 }))).toMatchObject({ status: 400, code: 'score_mismatch', field: 'scoreToAdd' });
    expect(play.given(opened).when(guess(0, PARIS, challenge(), { isCorrectCountry: false }))).toMatchObject({ status: 400, field: 'isCorrectCountry' });
    expect(play.given(opened).when(guess(0, PARIS, challenge(), { scoreFromNMPZ: 10_000 }))).toMatchObject({ status: 400, field: 'scoreFromNMPZ' });
    expect(play.given(opened).when(guess(0, PARIS, challenge(), { scoreToAdd: 10_000, isCorrectCountry: true, scoreFromNM: 0 }))).toHaveLength(1);
    const nmpz = challenge({ nmpz: true });
    const nmpzOpened = history([[join(nmpz), 0], [start(0, nmpz), 1]]);
    expect(play.given(nmpzOpened).when(guess(0, PARIS, nmpz, { scoreFromNMPZ: 10_000, scoreFromNM: 0 }))).toHaveLength(1);
  });

  it('a retried guess appends nothing; a different second guess is refused', () => {
    const guessed = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 5]]);
    expect(play.given(guessed).when(guess(0, PARIS))).toEqual([]);
    expect(play.given(guessed).when(guess(0, ROME))).toMatchObject({ status: 409, code: 'round_already_guessed' });
  });

  describe('time limits (rl) and the server deadline', () => {
    const timed = challenge({ rl: 10, nmpz: true });

    it('a 10 s round with gat takes a guess until 10 s + the 15 s ask-for-guess window, and refuses it after', () => {
      const opened = history([[join(timed), 0], [start(0, timed), 0]]);
      expect(opened[1]!.data).toMatchObject({ movement: 'none', deadline: '2026-11-21T12:00:25.000Z' });
      expect(play.given(opened).when(guess(0, PARIS, timed), at(24))).toHaveLength(1);
      expect(play.given(opened).when(guess(0, PARIS, timed), at(26))).toMatchObject({ status: 409, code: 'round_time_over', field: 'guessLoc' });
    });

    it('without gat the guess must come by the limit and a 3 s grace', () => {
      const strict = challenge({ rl: 10, gat: false });
      const opened = history([[join(strict), 0], [start(0, strict), 0]]);
      expect(opened[1]!.data).toMatchObject({ deadline: '2026-11-21T12:00:13.000Z' });
    });

    it('a blink round (rl 2) shows its picture 2 s, then leaves 25 s to guess', () => {
      const blink = challenge({ rl: 2 });
      const opened = history([[join(blink), 0], [start(0, blink), 0]]);
      expect(opened[1]!.data).toMatchObject({ deadline: '2026-11-21T12:00:27.000Z' });
    });

    it('a round whose time ran out ends with no guess and 0 points', () => {
      const opened = history([[join(timed), 0], [start(0, timed), 0]]);
      expect(play.given(opened).when(guess(0, null, timed), at(40))).toMatchObject([{ type: 'ChallengeRoundScored', data: { guess: null, points: 0, distanceMeters: null } }]);
    });
  });

  describe('start and end times, level', () => {
    const seconds = Date.parse(START) / 1000;
    it('refuses to join before sd and from ed on', () => {
      expect(play.given([]).when(join(challenge({ sd: seconds + 60 })))).toMatchObject({ status: 409, code: 'challenge_not_started' });
      expect(play.given([]).when(join(challenge({ ed: seconds })))).toMatchObject({ status: 409, code: 'challenge_ended' });
      expect(play.given([]).when(join(challenge({ sd: seconds, ed: seconds + 1 })))).toHaveLength(1);
    });

    it('opens no round once the challenge has ended', () => {
      const ending = challenge({ ed: seconds + 10 });
      const joined = history([[join(ending), 0]]);
      expect(play.given(joined).when(start(0, ending), at(11))).toMatchObject({ status: 409, code: 'challenge_ended' });
    });

    it('refuses a player below the minimum level (mlte)', () => {
      expect(play.given([]).when(join(challenge({ mlte: 4 })))).toMatchObject({ status: 403, code: 'level_too_low' });
    });
  });

  it('leaving keeps the rounds played; joining again goes on from there', () => {
    const left = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 2], [{ type: 'LeaveChallenge', ...base() }, 3]]);
    expect(play.given(left).when(start(1))).toMatchObject({ code: 'not_joined' });
    expect(play.given(left).when({ type: 'LeaveChallenge', ...base() })).toMatchObject({ status: 409, code: 'not_joined' });
    const back = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 2], [{ type: 'LeaveChallenge', ...base() }, 3], [join(), 4], [start(1), 5]]);
    expect(back.at(-1)).toMatchObject({ type: 'ChallengeRoundStarted', data: { roundIndex: 1 } });
  });

  it('rates once, only after the last round', () => {
    const rate = (rating: number): ChallengePlayCommand => ({ type: 'RateChallenge', ...base(), rating });
    const half = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 2]]);
    expect(play.given(half).when(rate(5))).toMatchObject({ status: 409, code: 'round_not_guessed' });
    const done = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 2], [start(1), 3], [guess(1, ROME), 4], [rate(4), 5]]);
    expect(done.at(-1)).toMatchObject({ type: 'ChallengeRated', data: { rating: 4 } });
    expect(play.given(done).when(rate(4))).toEqual([]);
    expect(play.given(done).when(rate(2))).toMatchObject({ status: 409, code: 'already_rated' });
  });

  it('comments only on rounds the player has finished (a comment can give the place away)', () => {
    const comment = (roundIndex: number): ChallengePlayCommand => ({ type: 'CommentChallenge', ...base(), commentId: 'c1', roundIndex, comment: 'The bollards!' });
    const half = history([[join(), 0], [start(0), 1], [guess(0, PARIS), 2]]);
    expect(play.given(half).when(comment(0))).toMatchObject([{ type: 'ChallengeCommented', data: { roundIndex: 0, comment: 'The bollards!', name: 'Bob' } }]);
    expect(play.given(half).when(comment(1))).toMatchObject({ status: 409, code: 'round_not_guessed', field: 'roundNumber' });
    expect(play.given(half).when(comment(5))).toMatchObject({ status: 400, field: 'roundNumber' });
  });
});

describe('ending a round without a guess', () => {
  it('is refused before the time is up, and in a round with no time limit', () => {
    const timed = challenge({ rl: 10 });
    const opened = history([[join(timed), 0], [start(0, timed), 0]]);
    expect(play.given(opened).when(guess(0, null, timed), at(5))).toMatchObject({ status: 400, field: 'guessLoc' });
    const untimed = history([[join(), 0], [start(0), 0]]);
    expect(play.given(untimed).when(guess(0, null), at(5000))).toMatchObject({ status: 400, field: 'guessLoc' });
  });
});
