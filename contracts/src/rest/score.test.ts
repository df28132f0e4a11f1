import { buildScoreSubmission, type GuessedResult, movementBonuses, nextCountryStreak, scoreSubmissionSchema } from './score.js';

const result: GuessedResult = {
  roundIndex: 2,
  guess: { lat: 48, lng: 2 },
  target: { lat: 48.8584, lng: 2.2945 },
  distanceMeters: 97_000,
  points: 6150,
  targetCountryCode: 'FR',
  guessCountryCode: 'FR',
  timeTakenMs: 12_000,
};

describe('nextCountryStreak', () => {
  it('grows on the right country and breaks otherwise, including a guess at sea', () => {
    expect(nextCountryStreak(3, result)).toBe(4);
    expect(nextCountryStreak(3, { ...result, guessCountryCode: 'DE' })).toBe(0);
    expect(nextCountryStreak(3, { ...result, guessCountryCode: null })).toBe(0);
    expect(nextCountryStreak(3, { targetCountryCode: null, guessCountryCode: null })).toBe(0);
  });
});

describe('buildScoreSubmission', () => {
  it('fills the SPEC §3 payload from a round result, and the schema accepts it', () => {
    const payload = buildScoreSubmission({ gameId: 'g1', mapId: 'world', result }, { currentCountryStreak: 3, bestCountryStreak: 2 });
    expect(payload).toEqual({
      gameId: 'g1',
      roundNumber: 2,
      scoreToAdd: 6150,
      mapId: 'world',
      bestGuessInMeters: 97_000,
      bestCountryStreak: 4,
      currentCountryStreak: 4,
      scoreFromStreak: 0,
      scoreFromNMPZ: 0,
      scoreFromNM: 0,
      targetLocation: [48.8584, 2.2945],
      guessLocation: [48, 2],
      countryCode: 'FR',
      gameType: 1,
    });
    expect(scoreSubmissionSchema.safeParse(payload).success).toBe(true);
  });
});

describe('movementBonuses', () => {
  it('counts a round in scoreFromNMPZ for NMPZ, in scoreFromNM for No Move, in neither otherwise', () => {
    expect(movementBonuses(4000, { nmpz: true, nm: true })).toEqual({ scoreFromNMPZ: 4000, scoreFromNM: 0 });
    expect(movementBonuses(4000, { nm: true })).toEqual({ scoreFromNMPZ: 0, scoreFromNM: 4000 });
    expect(movementBonuses(4000)).toEqual({ scoreFromNMPZ: 0, scoreFromNM: 0 });
  });

  it('puts them in the payload of an NMPZ game', () => {
    const payload = buildScoreSubmission({ gameId: 'g1', mapId: 'world', result, settings: { nmpz: true } }, { currentCountryStreak: 0, bestCountryStreak: 0 });
    expect(payload).toMatchObject({ scoreFromNMPZ: result.points, scoreFromNM: 0 });
  });
});
