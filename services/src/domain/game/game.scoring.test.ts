import { eloDelta, greatCircleDistance, LIVE, scoreForDistance } from '@globetrail/contracts';
import { ada, arena, bob, cyd, dan, eventOf, GAME_ID, guess, launched, map, places, type Script, typesOf } from './game.fixtures.js';

const points = (loc: { lat: number; lng: number }) => scoreForDistance(greatCircleDistance(loc, places.paris), map.maxMapDistance);
/** Ada on the target, Bob in Brussels: Bob's side loses the gap times the round's multiplier. */
const gap = 10000 - points(places.brussels);

function playDuelRound(s: Script): Script {
  return s.nextRound(places.paris).guess('ada', places.paris).guess('bob', places.brussels);
}

describe('game decider: scoring and the end of the game', () => {
  describe('duel (D) to knockout', () => {
    it('takes the gap times the multiplier from the lower side each round until it reaches 0', () => {
      const s = launched('D', [ada, bob]).startRound().guess('ada', places.paris).guess('bob', places.brussels);
      const hp: number[] = [s.state().hp!['1']];
      for (let round = 1; round < 5; round += 1) {
        playDuelRound(s);
        hp.push(s.state().hp!['1']);
      }
      expect(hp).toEqual([6000 - gap, 6000 - 2 * gap, 6000 - 3 * gap, 6000 - 4 * gap, 0]);
      const lastRound = s.events.filter((e) => e.type === 'RoundEnded').at(-1)!;
      expect(lastRound.data).toMatchObject({ teamScores: { '0': 10000, '1': 10000 - gap }, damage: { team: '1', amount: Math.round(gap * 1.5), multiplier: 1.5 }, hp: { '0': 6000, '1': 0 } });
      const ended = s.events.at(-1)!;
      expect(ended).toMatchObject({ type: 'GameEnded', data: { reason: 'knockout', winnerTeam: '0', ratingChanges: null } });
      expect(s.state()).toMatchObject({ status: 'G_ED', cr: 4 });
    });

    it('takes no hit points on a tied round', () => {
      const s = launched('D', [ada, bob]).startRound().guess('ada', places.paris);
      const ended = eventOf(s.when(guess('bob', 0, places.paris)), 'RoundEnded').data;
      expect(ended).toMatchObject({ damage: null, hp: { '0': 6000, '1': 6000 } });
    });

    it('ends after 30 rounds: a draw on equal hit points', () => {
      const s = launched('D', [ada, bob]).startRound().guess('ada', places.paris).guess('bob', places.paris);
      for (let round = 1; round < LIVE.duelRoundCap; round += 1) s.nextRound().guess('ada', places.paris).guess('bob', places.paris);
      const ended = eventOf(s.events, 'GameEnded').data;
      expect(ended).toMatchObject({ reason: 'round_cap', winnerTeam: null });
      expect(ended.standings.map((standing) => standing.place)).toEqual([1, 1]);
    });
  });

  describe('team guesser (T)', () => {
    it("scores each team by its best player, and after nr rounds the team with more hit points wins", () => {
      const s = launched('T', [ada, bob, cyd, dan], { nr: 2 }).startRound();
      expect(s.state().players.map((p) => [p.id, p.team])).toEqual([['ada', '0'], ['bob', '1'], ['cyd', '0'], ['dan', '1']]);
      s.guess('ada', places.paris).guess('cyd', places.tokyo).guess('bob', places.london).guess('dan', places.tokyo);
      expect(s.state().hp).toEqual({ '0': 6000, '1': 6000 - (10000 - points(places.london)) });
      s.nextRound().guess('ada', places.brussels).guess('cyd', places.london).guess('bob', places.paris).guess('dan', places.tokyo);
      const ended = eventOf(s.events, 'GameEnded').data;
      expect(ended.reason).toBe('rounds');
      expect(ended.winnerTeam).toBe('0');
      expect(ended.standings).toEqual([
        { place: 1, team: '0', playerIds: ['ada', 'cyd'], points: 10000 + points(places.brussels), hp: 6000 - (10000 - points(places.brussels)) },
        { place: 2, team: '1', playerIds: ['bob', 'dan'], points: points(places.london) + 10000, hp: 6000 - (10000 - points(places.london)) },
      ]);
      expect(s.state().cr).toBe(-1);
    });

    it('ends early when a team is knocked out, hit points stopping at 0', () => {
      const s = launched('T', [ada, bob], { nr: 5, s_hp: 1000 }).startRound().guess('ada', places.paris);
      const decision = s.when(guess('bob', 0, places.tokyo));
      expect(eventOf(decision, 'RoundEnded').data).toMatchObject({ damage: { team: '1', amount: 10000 - points(places.tokyo) }, hp: { '1': 0 } });
      expect(eventOf(decision, 'GameEnded').data).toMatchObject({ reason: 'knockout', winnerTeam: '0' });
    });
  });

  describe('circles (C)', () => {
    const circles = () => launched('C', [ada, bob, cyd], { nr: 1 }).startRound();

    it('scores a guess whose circle holds the target as if it were r away, and one outside 0', () => {
      const s = circles().guess('ada', places.brussels, { r: 300_000 }).guess('bob', places.brussels, { r: 200_000 });
      const { results } = eventOf(s.when(guess('cyd', 0, places.paris, { r: 0 })), 'RoundEnded').data;
      expect(results.ada).toMatchObject({ points: scoreForDistance(300_000, map.maxMapDistance), distance: greatCircleDistance(places.brussels, places.paris), r: 300_000 });
      expect(results.bob).toMatchObject({ points: 0, r: 200_000 });
      expect(results.cyd).toMatchObject({ points: 10000, r: 0 });
    });

    it('ranks by total points, with cr −1 after the last round', () => {
      const s = circles().guess('ada', places.brussels, { r: 300_000 }).guess('bob', places.brussels, { r: 200_000 }).guess('cyd', places.paris, { r: 0 });
      const ended = eventOf(s.events, 'GameEnded').data;
      expect(ended.standings.map((standing) => [standing.place, standing.playerIds])).toEqual([[1, ['cyd']], [2, ['ada']], [3, ['bob']]]);
      expect(ended).toMatchObject({ reason: 'rounds', winnerTeam: null, ratingChanges: null });
      expect(s.state()).toMatchObject({ status: 'G_ED', cr: -1 });
    });
  });

  describe('best guesser (A)', () => {
    it('ranks by total points; tied players share a place and the next place skips', () => {
      const s = launched('A', [ada, bob, cyd], { nr: 2 }).startRound().guess('ada', places.london).guess('bob', places.london).guess('cyd', places.paris);
      s.nextRound().guess('ada', places.london).guess('bob', places.london).guess('cyd', places.tokyo);
      expect(eventOf(s.events, 'GameEnded').data.standings).toEqual([
        { place: 1, playerIds: ['ada', 'bob'], team: null, points: 2 * points(places.london), hp: null },
        { place: 3, playerIds: ['cyd'], team: null, points: 10000 + points(places.tokyo), hp: null },
      ]);
    });
  });

  describe('arena (L) ratings', () => {
    const knockout = (s: Script) => {
      s.startRound().guess('ada', places.paris).guess('bob', places.tokyo);
      while (s.state().status !== 'G_ED') playDuelRound(s);
      return eventOf(s.events, 'GameEnded').data;
    };

    it('rates both players from the Elo they joined with', () => {
      const ended = knockout(arena(ada, bob));
      expect(ended.winnerTeam).toBe('0');
      expect(ended.ratingChanges).toEqual({
        ada: { before: 1200, after: 1200 + eloDelta(1200, 1000, 1) },
        bob: { before: 1000, after: 1000 + eloDelta(1000, 1200, 0) },
      });
    });

    it('rates no anonymous or unrated player; their opponent is rated against the start rating', () => {
      const anonymousWithElo = { ...bob, isAnonymous: true };
      expect(knockout(arena(ada, anonymousWithElo)).ratingChanges).toEqual({ ada: { before: 1200, after: 1200 + eloDelta(1200, 1000, 1) } });
      const unrated = { ...dan, id: 'bob' };
      expect(knockout(arena(ada, unrated)).ratingChanges).toEqual({ ada: { before: 1200, after: 1200 + eloDelta(1200, LIVE.eloStart, 1) } });
    });

    it('counts a forfeit as a loss', () => {
      const s = arena(ada, bob).startRound().disconnect('ada').wait(LIVE.connectedWindowMs);
      const ended = eventOf(s.when({ type: 'CheckPresence', gameId: GAME_ID }), 'GameEnded').data;
      expect(ended).toMatchObject({ reason: 'forfeit', winnerTeam: '1' });
      expect(ended.standings.map((standing) => [standing.place, standing.team])).toEqual([[1, '1'], [2, '0']]);
      expect(ended.ratingChanges).toEqual({
        ada: { before: 1200, after: 1200 + eloDelta(1200, 1000, 0) },
        bob: { before: 1000, after: 1000 + eloDelta(1000, 1200, 1) },
      });
    });
  });

  describe('inactivity (ir)', () => {
    it('counts rounds ended without any guess and resets on a guess', () => {
      const s = launched('A', [ada, bob], { nr: 5, rl: 10 }).startRound().guess('ada', places.paris).wait(10_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 });
      expect(s.state().players.map((p) => p.ir)).toEqual([0, 1]);
      s.nextRound().guess('ada', places.paris).wait(10_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 1 });
      expect(s.state().players.map((p) => p.ir)).toEqual([0, 2]);
      s.nextRound().guess('bob', places.london, { final: false });
      expect(typesOf(s.when(guess('ada', 2, places.paris)))).toEqual(['GuessPlaced', 'RoundEnded']);
      s.guess('ada', places.paris);
      expect(s.state().players.map((p) => p.ir)).toEqual([0, 0]);
    });
  });
});
