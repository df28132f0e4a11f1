import { LIVE } from '@globetrail/contracts';
import { ada, bob, cyd, eventOf, GAME_ID, guess, launched, pictureAt, places, T0, typesOf } from './game.fixtures.js';

const prepare = (roundIndex: number, target = places.paris) => ({ type: 'PrepareRound' as const, gameId: GAME_ID, roundIndex, picture: pictureAt(target) });
const begin = (roundIndex: number) => ({ type: 'BeginRound' as const, gameId: GAME_ID, roundIndex });
const endRound = (roundIndex: number) => ({ type: 'EndRound' as const, gameId: GAME_ID, roundIndex });
const forceEnd = (playerId: string, roundIndex: number) => ({ type: 'ForceEndRound' as const, gameId: GAME_ID, playerId, roundIndex });
const startViewing = (playerId: string, roundIndex: number) => ({ type: 'StartViewing' as const, gameId: GAME_ID, playerId, roundIndex });

describe('game decider: rounds', () => {
  describe('PrepareRound', () => {
    it('starts the countdown to round 0 with the target, its country and the picture', () => {
      const s = launched('A', [ada]);
      expect(eventOf(s.when(prepare(0)), 'RoundStarting').data).toMatchObject({ roundIndex: 0, startsAt: T0 + s.now + LIVE.countdownMs, target: places.paris, targetCountryCode: 'FR' });
    });

    it('prepares the next round only once the result has been shown for 7 s', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.paris).guess('bob', places.paris);
      expect(s.state().status).toBe('R_ED');
      expect(s.when(prepare(1))).toMatchObject({ code: 'wrong_phase', field: 'roundIndex' });
      s.wait(LIVE.resultDisplayMs);
      expect(typesOf(s.when(prepare(1)))).toEqual(['RoundStarting']);
    });

    it('is a no-op for a round already prepared, and refuses skipping ahead or preparing mid-round', () => {
      const s = launched('A', [ada]).startRound();
      expect(s.when(prepare(0))).toEqual([]);
      expect(s.when(prepare(1))).toMatchObject({ code: 'wrong_phase' });
      expect(launched('A', [ada]).when(prepare(2))).toMatchObject({ code: 'wrong_phase' });
    });

    it('never prepares a round after the game is over', () => {
      const s = launched('A', [ada], { nr: 1 }).startRound().guess('ada', places.paris).wait(LIVE.resultDisplayMs);
      expect(s.state().status).toBe('G_ED');
      expect(s.when(prepare(1))).toMatchObject({ code: 'wrong_phase', message: 'the game is over' });
    });
  });

  describe('BeginRound', () => {
    it('starts the round when the countdown is over, its timer ending rl seconds later', () => {
      const s = launched('A', [ada], { rl: 30 }).run(prepare(0)).wait(LIVE.countdownMs);
      const data = eventOf(s.when(begin(0)), 'RoundStarted').data;
      expect(data.crft! - data.startedAt).toBe(30_000);
    });

    it('gives a round without a time limit no deadline', () => {
      const s = launched('A', [ada], { rl: -1 }).run(prepare(0)).wait(LIVE.countdownMs);
      expect(eventOf(s.when(begin(0)), 'RoundStarted').data.crft).toBeNull();
    });

    it('refuses to begin early, and is a no-op for a round already begun', () => {
      const s = launched('A', [ada]).run(prepare(0)).wait(1_000);
      expect(s.when(begin(0))).toMatchObject({ code: 'wrong_phase' });
      s.wait(2_000).run(begin(0));
      expect(s.when(begin(0))).toEqual([]);
      expect(s.when(begin(1))).toMatchObject({ code: 'wrong_phase' });
    });
  });

  describe('PlaceGuess', () => {
    it('lets a player move their marker, then confirm once', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.london, { final: false });
      expect(eventOf(s.when(guess('ada', 0, places.brussels, { final: false })), 'GuessPlaced').data).toMatchObject({ loc: places.brussels, isF: false, r: -1 });
      expect(eventOf(s.when(guess('ada', 0, places.brussels)), 'GuessPlaced').data.isF).toBe(true);
    });

    it('treats the same final guess sent again, or the same marker, as already done', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.london, { final: false });
      expect(s.when(guess('ada', 0, places.london, { final: false }))).toEqual([]);
      s.guess('ada', places.london);
      expect(s.when(guess('ada', 0, places.london))).toEqual([]);
      expect(s.when(guess('ada', 0, places.paris))).toMatchObject({ status: 409, code: 'round_already_guessed' });
      expect(s.when(guess('ada', 0, places.paris, { final: false }))).toMatchObject({ code: 'round_already_guessed' });
    });

    it('still treats a resent final guess as done after the round ended', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.london).guess('bob', places.paris);
      expect(s.state().status).toBe('R_ED');
      expect(s.when(guess('ada', 0, places.london))).toEqual([]);
      expect(s.when(guess('ada', 0, places.paris))).toMatchObject({ code: 'round_over' });
    });

    it('refuses coordinates off the map, and radii outside circles or out of range', () => {
      const s = launched('A', [ada]).startRound();
      expect(s.when(guess('ada', 0, { lat: 91, lng: 0 }))).toMatchObject({ status: 400, code: 'invalid_coordinates', field: 'loc' });
      expect(s.when(guess('ada', 0, { lat: 0, lng: -180.5 }))).toMatchObject({ code: 'invalid_coordinates' });
      expect(s.when(guess('ada', 0, { lat: Number.NaN, lng: 0 }))).toMatchObject({ code: 'invalid_coordinates' });
      expect(s.when(guess('ada', 0, places.paris, { r: 500 }))).toMatchObject({ status: 400, code: 'validation_failed', field: 'r' });
      const circles = launched('C', [ada]).startRound();
      expect(circles.when(guess('ada', 0, places.paris, { r: -1 }))).toMatchObject({ code: 'validation_failed', field: 'r' });
      expect(circles.when(guess('ada', 0, places.paris, { r: LIVE.maxRadiusMeters + 1 }))).toMatchObject({ field: 'r' });
      expect(typesOf(circles.when(guess('ada', 0, places.paris, { r: 0 })))).toContain('GuessPlaced');
    });

    it('refuses a guess before the round starts, for another round, and from a non-player', () => {
      const s = launched('A', [ada]).run(prepare(0));
      expect(s.when(guess('ada', 0, places.paris))).toMatchObject({ status: 409, code: 'wrong_phase' });
      s.wait(LIVE.countdownMs).run(begin(0));
      expect(s.when(guess('ada', 1, places.paris))).toMatchObject({ code: 'wrong_phase' });
      expect(s.when(guess('zed', 0, places.paris))).toMatchObject({ status: 403, code: 'not_in_game' });
    });

    it('refuses a guess after the time is up, even before the timer command arrives', () => {
      const s = launched('A', [ada], { rl: 10 }).startRound().wait(10_001);
      expect(s.when(guess('ada', 0, places.paris))).toMatchObject({ code: 'round_over' });
    });
  });

  describe('the round timer (EndRound)', () => {
    it('ends the round at crft, making markers final and scoring missing guesses 0', () => {
      const s = launched('A', [ada, bob, cyd], { rl: 20 }).startRound().guess('ada', places.paris).guess('bob', places.london, { final: false }).wait(20_000);
      const ended = eventOf(s.when(endRound(0)), 'RoundEnded').data;
      expect(ended.reason).toBe('timer');
      expect(ended.results.ada).toMatchObject({ points: 10000, auto: false });
      expect(ended.results.bob).toMatchObject({ loc: places.london, auto: true });
      expect(ended.results.cyd).toEqual({ loc: null, r: -1, distance: null, points: 0, auto: false });
      expect(ended.ir).toEqual({ ada: 0, bob: 0, cyd: 1 });
    });

    it('refuses an early timer, ignores a late one, and refuses one for a round without a limit', () => {
      const s = launched('A', [ada, bob], { rl: 20 }).startRound().wait(19_000);
      expect(s.when(endRound(0))).toMatchObject({ code: 'wrong_phase' });
      s.guess('ada', places.paris).guess('bob', places.paris);
      expect(s.wait(1_000).when(endRound(0))).toEqual([]);
      const unlimited = launched('A', [ada], { rl: -1 }).startRound();
      expect(unlimited.when(endRound(0))).toMatchObject({ code: 'wrong_phase' });
    });

    describe('with gat', () => {
      const timedOut = () => launched('A', [ada, bob], { rl: 20, gat: true }).startRound().guess('ada', places.paris).wait(20_000).run(endRound(0));

      it('first opens the 15 s "time is up" window', () => {
        const s = launched('A', [ada, bob], { rl: 20, gat: true }).startRound().guess('ada', places.paris).wait(20_000);
        const decision = s.when(endRound(0));
        expect(typesOf(decision)).toEqual(['RoundTimedOut']);
        expect(eventOf(decision, 'RoundTimedOut').data.gatft).toBe(s.state().rounds[0]!.crft! + LIVE.gatWindowMs);
      });

      it('ends as soon as the last player confirms within the window', () => {
        const s = timedOut().wait(5_000);
        expect(eventOf(s.when(guess('bob', 0, places.london)), 'RoundEnded').data.reason).toBe('all_guessed');
      });

      it('ends at gatft, refusing the timer before it and a guess after it', () => {
        const s = timedOut().wait(14_000);
        expect(s.when(endRound(0))).toMatchObject({ code: 'wrong_phase' });
        s.wait(1_001);
        expect(s.when(guess('bob', 0, places.london))).toMatchObject({ code: 'round_over' });
        expect(eventOf(s.when(endRound(0)), 'RoundEnded').data.reason).toBe('timer');
      });

      it('accepts a guess between crft and the timeout being recorded', () => {
        const s = launched('A', [ada, bob], { rl: 20, gat: true }).startRound().guess('ada', places.paris).wait(20_500);
        expect(typesOf(s.when(guess('bob', 0, places.london)))).toEqual(['GuessPlaced', 'RoundEnded']);
      });

      it('skips the window when nobody connected is still guessing', () => {
        const s = launched('A', [ada, bob], { rl: 20, gat: true }).startRound().guess('bob', places.london, { final: false }).disconnect('ada').disconnect('bob').wait(20_000);
        expect(s.state().status).toBe('SED');
        expect(typesOf(s.when(endRound(0)))).toEqual(['RoundEnded']);
      });
    });
  });

  describe('ForceEndRound', () => {
    it('lets only the host end the round for everyone', () => {
      const s = launched('A', [ada, bob]).startRound().guess('bob', places.london, { final: false });
      expect(s.when(forceEnd('bob', 0))).toMatchObject({ status: 403, code: 'not_host' });
      const ended = eventOf(s.when(forceEnd('ada', 0)), 'RoundEnded').data;
      expect(ended.reason).toBe('host');
      expect(ended.results.bob).toMatchObject({ auto: true });
    });

    it('is a no-op for a round already ended and refuses one not being played', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.paris).guess('bob', places.paris);
      expect(s.when(forceEnd('ada', 0))).toEqual([]);
      expect(s.when(forceEnd('ada', 1))).toMatchObject({ code: 'wrong_phase' });
      expect(s.when(forceEnd('zed', 0))).toMatchObject({ code: 'not_in_game' });
    });
  });

  describe('blink mode', () => {
    const blink = () => launched('A', [ada, bob], { rl: 3, bl: true }).startRound();

    it('runs the round on the 25 s blink window', () => {
      const round = blink().state().rounds[0]!;
      expect(round.crft! - round.startedAt!).toBe(LIVE.blinkGuessWindowMs);
    });

    it("shows a player's picture for rl seconds from their Start, once", () => {
      const s = blink().wait(4_000);
      const data = eventOf(s.when(startViewing('ada', 0)), 'PlayerStartedViewing').data;
      expect(data.hidesAt - data.at).toBe(3_000);
      s.run(startViewing('ada', 0));
      expect(s.when(startViewing('ada', 0))).toEqual([]);
    });

    it('refuses Start outside blink mode, before the round, after it, and from non-players', () => {
      expect(launched('A', [ada]).startRound().when(startViewing('ada', 0))).toMatchObject({ code: 'wrong_phase' });
      expect(launched('A', [ada], { rl: 3, bl: true }).run(prepare(0)).when(startViewing('ada', 0))).toMatchObject({ code: 'wrong_phase' });
      const s = blink().guess('ada', places.paris).guess('bob', places.paris);
      expect(s.when(startViewing('ada', 0))).toMatchObject({ code: 'round_over' });
      expect(s.when(startViewing('zed', 0))).toMatchObject({ code: 'not_in_game' });
    });
  });
});
