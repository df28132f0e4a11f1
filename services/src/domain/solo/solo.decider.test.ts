import { greatCircleDistance, NO_ROUND_LIMITS, scoreForDistance, type SoloEvent } from '@globetrail/contracts';
import { fixedContext, spec } from '../testing/decider-spec.js';
import { type ResolvedRound, soloDecider } from './solo.decider.js';

const paris: ResolvedRound = { target: { lat: 48.8584, lng: 2.2945 }, panorama: { token: 'tok-paris-0000000000', provider: 'local', imageId: 'paris', heading: 90 }, shared: false };
const tokyo: ResolvedRound = { target: { lat: 35.6595, lng: 139.7005 }, panorama: { token: 'tok-tokyo-0000000000', provider: 'local', imageId: 'tokyo', heading: 0 }, shared: false };
const map = { id: 'world', name: 'World', maxMapDistance: 20_037_500 };
const solo = spec(soloDecider);

const started = (): SoloEvent[] => solo.given([]).when({ type: 'StartSoloGame', gameId: 'g1', playerId: 'p1', map, settings: NO_ROUND_LIMITS, firstRound: paris }) as SoloEvent[];
const guessed = (at = fixedContext('2026-11-21T12:00:30.000Z')): SoloEvent[] => [
  ...started(),
  ...(solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: { lat: 51.5, lng: -0.12 } }, at) as SoloEvent[]),
];

describe('solo decider', () => {
  describe('StartSoloGame', () => {
    it('starts the game and its first round with the resolved target and its country', () => {
      const events = started();
      expect(events.map((e) => e.type)).toEqual(['SoloGameStarted', 'SoloRoundStarted']);
      expect(events[1]).toMatchObject({ data: { roundIndex: 0, target: paris.target, targetCountryCode: 'FR', startedAt: '2026-11-21T12:00:00.000Z' } });
    });

    it('is a no-op when retried by the same player', () => {
      expect(solo.given(started()).when({ type: 'StartSoloGame', gameId: 'g1', playerId: 'p1', map, settings: NO_ROUND_LIMITS, firstRound: paris })).toEqual([]);
    });

    it('refuses another player taking over an existing game id', () => {
      expect(solo.given(started()).when({ type: 'StartSoloGame', gameId: 'g1', playerId: 'p2', map, settings: NO_ROUND_LIMITS, firstRound: paris })).toMatchObject({ code: 'conflict', status: 409 });
    });
  });

  describe('PlaceSoloGuess', () => {
    it('scores the guess against the stored target with the map distance', () => {
      const [event] = solo.given(started()).when(
        { type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: { lat: 51.5, lng: -0.12 } },
        fixedContext('2026-11-21T12:00:30.000Z'),
      ) as SoloEvent[];
      const distance = greatCircleDistance({ lat: 51.5, lng: -0.12 }, paris.target);
      expect(event).toEqual({
        type: 'SoloGuessPlaced',
        version: 1,
        data: {
          gameId: 'g1',
          roundIndex: 0,
          guess: { lat: 51.5, lng: -0.12 },
          target: paris.target,
          distanceMeters: distance,
          points: scoreForDistance(distance, map.maxMapDistance),
          targetCountryCode: 'FR',
          guessCountryCode: 'GB',
          timeTakenMs: 30_000,
          placedAt: '2026-11-21T12:00:30.000Z',
        },
      });
    });

    it('gives 10000 points for a guess on the target', () => {
      const [event] = solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: paris.target }) as SoloEvent[];
      expect(event).toMatchObject({ data: { distanceMeters: 0, points: 10000 } });
    });

    it('treats the same guess sent again as already done', () => {
      expect(solo.given(guessed()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: { lat: 51.5, lng: -0.12 } })).toEqual([]);
    });

    it('refuses a second, different guess for the same round', () => {
      expect(solo.given(guessed()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: { lat: 0, lng: 0 } })).toMatchObject({ status: 409, code: 'round_already_guessed' });
    });

    it('refuses a guess for a round that is not the current one', () => {
      expect(solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 3, guess: { lat: 0, lng: 0 } })).toMatchObject({ code: 'round_not_current', field: 'roundIndex' });
    });

    it("refuses another player's guess and an unknown game", () => {
      expect(solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p2', roundIndex: 0, guess: { lat: 0, lng: 0 } })).toMatchObject({ status: 403, code: 'forbidden' });
      expect(solo.given([]).when({ type: 'PlaceSoloGuess', gameId: 'g9', playerId: 'p1', roundIndex: 0, guess: { lat: 0, lng: 0 } })).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('records no country for a guess in the open ocean', () => {
      const [event] = solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: { lat: 30, lng: -40 } }) as SoloEvent[];
      expect(event).toMatchObject({ data: { guessCountryCode: null } });
    });
  });

  describe('StartSoloRound', () => {
    it('starts the next round once the current one has a guess', () => {
      const [event] = solo.given(guessed()).when({ type: 'StartSoloRound', gameId: 'g1', playerId: 'p1', roundIndex: 1, round: tokyo }) as SoloEvent[];
      expect(event).toMatchObject({ type: 'SoloRoundStarted', data: { roundIndex: 1, target: tokyo.target, targetCountryCode: 'JP' } });
    });

    it('refuses to start a round before the current one is guessed', () => {
      expect(solo.given(started()).when({ type: 'StartSoloRound', gameId: 'g1', playerId: 'p1', roundIndex: 1, round: tokyo })).toMatchObject({ status: 409, code: 'round_not_guessed' });
    });

    it('treats starting the current round again as already done', () => {
      expect(solo.given(started()).when({ type: 'StartSoloRound', gameId: 'g1', playerId: 'p1', roundIndex: 0, round: tokyo })).toEqual([]);
    });

    it('refuses skipping ahead', () => {
      expect(solo.given(guessed()).when({ type: 'StartSoloRound', gameId: 'g1', playerId: 'p1', roundIndex: 5, round: tokyo })).toMatchObject({ code: 'round_not_current', field: 'roundIndex' });
    });
  });

  describe('evolve', () => {
    it('keeps each round with its result', () => {
      const state = solo.given(guessed()).state();
      expect(state).toMatchObject({ status: 'playing', rounds: [{ roundIndex: 0, result: { guess: { lat: 51.5, lng: -0.12 }, timeTakenMs: 30_000 } }] });
    });
  });
});

describe('solo round settings (nm, nmpz, rl)', () => {
  const timed = { ...NO_ROUND_LIMITS, nmpz: true, rl: 10, gat: true };
  const startTimed = (): SoloEvent[] => solo.given([]).when({ type: 'StartSoloGame', gameId: 'g2', playerId: 'p1', map, settings: timed, firstRound: paris }) as SoloEvent[];
  const guess = (where: { lat: number; lng: number } | null, at: string) =>
    solo.given(startTimed()).when({ type: 'PlaceSoloGuess', gameId: 'g2', playerId: 'p1', roundIndex: 0, guess: where }, fixedContext(at));

  it('records the settings, and each round its movement and the server deadline (10 s + the 15 s ask-for-guess window)', () => {
    const [game, round] = startTimed();
    expect(game).toMatchObject({ data: { settings: timed } });
    expect(round).toMatchObject({ data: { movement: 'none', deadline: '2026-11-21T12:00:25.000Z' } });
  });

  it('takes a guess until the deadline and refuses it after, naming the field', () => {
    expect(guess({ lat: 48, lng: 2 }, '2026-11-21T12:00:24.000Z')).toMatchObject([{ type: 'SoloGuessPlaced' }]);
    expect(guess({ lat: 48, lng: 2 }, '2026-11-21T12:00:26.000Z')).toMatchObject({ status: 409, code: 'round_time_over', field: 'guess' });
  });

  it('ends a round with no guess only once its time is up: 0 points, no distance', () => {
    expect(guess(null, '2026-11-21T12:00:05.000Z')).toMatchObject({ status: 400, field: 'guess' });
    expect(guess(null, '2026-11-21T12:00:11.000Z')).toMatchObject([{ type: 'SoloGuessPlaced', data: { guess: null, distanceMeters: null, points: 0, guessCountryCode: null } }]);
  });

  it('never ends an untimed round without a guess', () => {
    expect(solo.given(started()).when({ type: 'PlaceSoloGuess', gameId: 'g1', playerId: 'p1', roundIndex: 0, guess: null }, fixedContext('2026-11-22T12:00:00.000Z'))).toMatchObject({ status: 400, field: 'guess' });
  });
});
