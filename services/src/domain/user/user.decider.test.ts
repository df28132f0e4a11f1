import type { ScoreSubmission, UserEvent } from '@globetrail/contracts';
import { fixedContext, spec } from '../testing/decider-spec.js';
import { type ScoredRound, userDecider } from './user.decider.js';

const user = spec(userDecider);
const created: UserEvent = { type: 'UserCreated', version: 1, data: { userId: 'u1', name: 'Ada', isAnonymous: false, createdAt: '2026-11-01T00:00:00.000Z' } };
const anonymous: UserEvent = { type: 'UserCreated', version: 1, data: { userId: 'u1', name: 'Anonymous', isAnonymous: true, createdAt: '2026-11-01T00:00:00.000Z' } };

const round: ScoredRound = {
  gameId: 'g1',
  roundIndex: 0,
  playerId: 'u1',
  mapId: 'world',
  target: { lat: 48.8584, lng: 2.2945 },
  targetCountryCode: 'FR',
  imagery: { provider: 'local', answerBlind: true },
  result: { guess: { lat: 48.0, lng: 2.0 }, distanceMeters: 98_000, points: 6123, guessCountryCode: 'FR' },
  settings: { nm: false, nmpz: false },
};

const submission = (overrides: Partial<ScoreSubmission> = {}): ScoreSubmission => ({
  gameId: 'g1',
  roundNumber: 0,
  scoreToAdd: 6123,
  mapId: 'world',
  bestGuessInMeters: 98_000,
  bestCountryStreak: 1,
  currentCountryStreak: 1,
  scoreFromStreak: 0,
  scoreFromNMPZ: 0,
  scoreFromNM: 0,
  targetLocation: [48.8584, 2.2945],
  guessLocation: [48.0, 2.0],
  countryCode: 'FR',
  gameType: 1,
  ...overrides,
});

const submit = (s: ScoreSubmission = submission(), r: ScoredRound | null = round, isAnonymous = false) =>
  ({ type: 'SubmitScore', userId: 'u1', isAnonymous, submission: s, round: r }) as const;

describe('user decider', () => {
  describe('CreateUser', () => {
    it('creates a new player', () => {
      expect(user.given([]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada', isAnonymous: false })).toEqual([
        { type: 'UserCreated', version: 1, data: { userId: 'u1', name: 'Ada', isAnonymous: false, createdAt: '2026-11-21T12:00:00.000Z' } },
      ]);
    });

    it('is idempotent for an existing player', () => {
      expect(user.given([created]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada', isAnonymous: false })).toEqual([]);
    });

    it('registers an anonymous player who signed up, keeping the same id', () => {
      expect(user.given([anonymous]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada', isAnonymous: false })).toEqual([
        { type: 'UserRegistered', version: 1, data: { userId: 'u1', name: 'Ada', registeredAt: '2026-11-21T12:00:00.000Z' } },
      ]);
    });

    it('renames a signed-up player whose token carries another name, and never a guest', () => {
      expect(user.given([created]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada Lovelace', isAnonymous: false })).toEqual([
        { type: 'UserRenamed', version: 1, data: { userId: 'u1', name: 'Ada Lovelace', renamedAt: '2026-11-21T12:00:00.000Z' } },
      ]);
      const renamed: UserEvent = { type: 'UserRenamed', version: 1, data: { userId: 'u1', name: 'Ada Lovelace', renamedAt: '2026-11-21T12:00:00.000Z' } };
      expect(user.given([created, renamed]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada Lovelace', isAnonymous: false })).toEqual([]);
      expect(user.given([anonymous]).when({ type: 'CreateUser', userId: 'u1', name: 'Anonymous', isAnonymous: true })).toEqual([]);
    });

    it('refuses to bring back a deleted account', () => {
      const deleted: UserEvent = { type: 'UserDeleted', version: 1, data: { userId: 'u1', deletedAt: '2026-11-02T00:00:00.000Z' } };
      expect(user.given([created, deleted]).when({ type: 'CreateUser', userId: 'u1', name: 'Ada', isAnonymous: false })).toMatchObject({ status: 403 });
    });
  });

  describe('SubmitScore', () => {
    it('adds the server-scored points with the decided streaks and best guess', () => {
      const [event] = user.given([created]).when(submit()) as UserEvent[];
      expect(event).toMatchObject({
        type: 'ScoreSubmitted',
        data: { points: 6123, bestGuessInMeters: 98_000, currentCountryStreak: 1, bestCountryStreak: 1, targetCountryCode: 'FR', guessCountryCode: 'FR' },
      });
    });

    it('refuses anonymous players (SPEC §6)', () => {
      expect(user.given([anonymous]).when(submit(submission(), round, true))).toMatchObject({ status: 403, code: 'anonymous_not_allowed' });
    });

    it('refuses a scoreToAdd that disagrees with the stored round, naming the field', () => {
      expect(user.given([created]).when(submit(submission({ scoreToAdd: 10000 })))).toMatchObject({
        status: 400,
        code: 'score_mismatch',
        field: 'scoreToAdd',
        message: 'scoreToAdd: the server scored this round 6123, not 10000',
      });
    });

    it.each([
      ['targetLocation', { targetLocation: [10, 10] }],
      ['guessLocation', { guessLocation: [10, 10] }],
      ['mapId', { mapId: 'other' }],
      ['bestGuessInMeters', { bestGuessInMeters: 5 }],
      ['countryCode', { countryCode: 'DE' }],
      ['currentCountryStreak', { currentCountryStreak: 7 }],
      ['scoreFromNMPZ', { scoreFromNMPZ: 500 }],
    ] as const)('refuses a submission whose %s disagrees with the round', (field, overrides) => {
      expect(user.given([created]).when(submit(submission(overrides as Partial<ScoreSubmission>)))).toMatchObject({ status: 400, field });
    });

    it('never scores the same target twice', () => {
      const [first] = user.given([created]).when(submit()) as UserEvent[];
      expect(user.given([created, first!]).when(submit())).toMatchObject({ status: 409, code: 'already_submitted' });
    });

    it('never ranks a round on imagery that is not answer-blind (Google Street View), naming the game', () => {
      const onGoogle: ScoredRound = { ...round, imagery: { provider: 'google', answerBlind: false } };
      expect(user.given([created]).when(submit(submission(), onGoogle))).toMatchObject({ status: 409, code: 'unranked_imagery', field: 'gameId' });
      expect(user.given([created]).when(submit(submission(), onGoogle))).toMatchObject({ message: expect.stringContaining('google') });
    });

    it('refuses a round that has no guess yet', () => {
      expect(user.given([created]).when(submit(submission(), { ...round, result: null }))).toMatchObject({ status: 409, code: 'round_not_guessed', field: 'roundNumber' });
    });

    it('refuses a round that does not exist or belongs to someone else', () => {
      expect(user.given([created]).when(submit(submission(), null))).toMatchObject({ status: 404, field: 'gameId' });
      expect(user.given([created]).when(submit(submission(), { ...round, playerId: 'u2' }))).toMatchObject({ status: 403 });
    });

    it('keeps the smaller best guess (SPEC §5)', () => {
      const [first] = user.given([created]).when(submit()) as UserEvent[];
      const farther: ScoredRound = {
        ...round,
        gameId: 'g2',
        target: { lat: 1, lng: 1 },
        targetCountryCode: null,
        result: { guess: { lat: 2, lng: 2 }, distanceMeters: 157_000, points: 4000, guessCountryCode: null },
      };
      const [second] = user.given([created, first!]).when(
        submit(submission({ gameId: 'g2', scoreToAdd: 4000, targetLocation: [1, 1], guessLocation: [2, 2], bestGuessInMeters: 157_000, countryCode: null, currentCountryStreak: 0 }), farther),
      ) as UserEvent[];
      expect(second).toMatchObject({ data: { bestGuessInMeters: 98_000, currentCountryStreak: 0, bestCountryStreak: 1 } });
      expect(user.given([created, first!, second!]).state()).toMatchObject({ points: 10123, bestGuessInMeters: 98_000 });
    });

    it('leaves the best guess alone when the submission says -1', () => {
      const [event] = user.given([created]).when(submit(submission({ bestGuessInMeters: -1 }))) as UserEvent[];
      expect(event).toMatchObject({ data: { bestGuessInMeters: null } });
    });

    it('keeps the old streaks when the current streak is negative (round not counted)', () => {
      const [event] = user.given([created]).when(submit(submission({ currentCountryStreak: -1, bestCountryStreak: -1 }))) as UserEvent[];
      expect(event).toMatchObject({ data: { currentCountryStreak: 0, bestCountryStreak: 0 } });
    });

    it('resets the current streak on a wrong country and keeps the best', () => {
      const [first] = user.given([created]).when(submit()) as UserEvent[];
      const wrong: ScoredRound = { ...round, gameId: 'g2', target: { lat: 52.52, lng: 13.4 }, targetCountryCode: 'DE' };
      const [second] = user.given([created, first!]).when(
        submit(submission({ gameId: 'g2', targetLocation: [52.52, 13.4], countryCode: 'DE', currentCountryStreak: 0 }), wrong),
      ) as UserEvent[];
      expect(second).toMatchObject({ data: { currentCountryStreak: 0, bestCountryStreak: 1 } });
    });
  });

  describe('DeleteUser', () => {
    it('deletes once, then is idempotent', () => {
      const [deleted] = user.given([created]).when({ type: 'DeleteUser', userId: 'u1' }) as UserEvent[];
      expect(deleted).toMatchObject({ type: 'UserDeleted' });
      expect(user.given([created, deleted!]).when({ type: 'DeleteUser', userId: 'u1' })).toEqual([]);
    });

    it('answers 404 for an unknown player', () => {
      expect(user.given([]).when({ type: 'DeleteUser', userId: 'u9' })).toMatchObject({ status: 404 });
    });
  });
});

describe('RateArenaMatch', () => {
  const rate = (delta: number, gameId = 'm1') => ({ type: 'RateArenaMatch', userId: 'u1', gameId, opponentId: 'u2', outcome: delta >= 0 ? 'win' : 'loss', delta }) as const;

  it('applies the change the match decided to the current rating', () => {
    expect(user.given([created]).when(rate(16))).toMatchObject([{ type: 'EloRatingChanged', data: { before: 1000, after: 1016, outcome: 'win', opponentId: 'u2', gameId: 'm1' } }]);
  });

  it('never takes a rating below 0', () => {
    const [lost] = user.given([created]).when(rate(-1200)) as UserEvent[];
    expect(lost).toMatchObject({ data: { after: 0 } });
  });

  it('rates a match once, and never an anonymous player', () => {
    const [first] = user.given([created]).when(rate(16)) as UserEvent[];
    expect(user.given([created, first!]).when(rate(16))).toEqual([]);
    expect(user.given([created, first!]).state()).toMatchObject({ elo: 1016 });
    expect(user.given([anonymous]).when(rate(16))).toMatchObject({ status: 403, code: 'anonymous_not_allowed' });
  });
});

describe('streaks (SPEC §4, §5)', () => {
  const visit = { type: 'RecordDailyVisit', userId: 'u1' } as const;
  const on = (iso: string) => fixedContext(iso);
  /** The events of visits on each instant, in order. */
  const visits = (...instants: string[]): UserEvent[] =>
    instants.reduce<UserEvent[]>((events, iso) => [...events, ...(user.given(events).when(visit, on(iso)) as UserEvent[])], [created]);

  it('records the first visit of each UTC day once: 23:59:59 and 00:00:00 UTC are two days', () => {
    const events = visits('2026-11-25T23:59:59.000Z', '2026-11-25T23:59:59.500Z', '2026-11-26T00:00:00.000Z');
    expect(events.filter((e) => e.type === 'DailyVisitRecorded').map((e) => e.data)).toMatchObject([
      { day: '2026-11-25', dvs: 1, outcome: 'started' },
      { day: '2026-11-26', dvs: 2, dvsb: 2, outcome: 'increased' },
    ]);
  });

  it('ends a streak after one missed day and loses it after more, keeping the best', () => {
    const ended = visits('2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-22T10:00:00Z', '2026-11-24T10:00:00Z');
    expect(ended.at(-1)).toMatchObject({ data: { dvs: 1, dvsb: 3, outcome: 'ended' } });
    const lost = visits('2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-25T10:00:00Z');
    expect(lost.at(-1)).toMatchObject({ data: { dvs: 1, dvsb: 2, outcome: 'lost' } });
  });

  it('refuses anonymous players a streak', () => {
    expect(user.given([anonymous]).when(visit)).toMatchObject({ status: 403, code: 'anonymous_not_allowed' });
  });

  it('counts a completed daily challenge once a day, and goes on from yesterday', () => {
    const done = (day: string, challengeId = `${day}-NM`) => ({ type: 'RecordDailyChallengeCompleted', userId: 'u1', challengeId, day }) as const;
    const first = user.given([created]).when(done('2026-11-25')) as UserEvent[];
    expect(first).toMatchObject([{ type: 'DailyChallengeStreakChanged', data: { dcs: 1, dcsb: 1, dcsd: '20261125' } }]);
    expect(user.given([created, ...first]).when(done('2026-11-25', '2026-11-25-Blink'))).toEqual([]);
    const second = user.given([created, ...first]).when(done('2026-11-26')) as UserEvent[];
    expect(second).toMatchObject([{ data: { dcs: 2, dcsb: 2, dcsd: '20261126' } }]);
    expect(user.given([created, ...first, ...second]).when(done('2026-11-29'))).toMatchObject([{ data: { dcs: 1, dcsb: 2, dcsd: '20261129' } }]);
  });
});
