import { gameEventSchema, gameViewSchema } from '@globetrail/contracts';
import { ada, arena, bob, cyd, dan, GAME_ID, launched, places, type Script } from './game.fixtures.js';
import { type FullGameView, projectGameView } from './game-view.js';
import { spectatorView, viewFor } from './view-filter.js';
import { gameDecider } from './game.decider.js';
import type { GameState } from './game.state.js';

/** Whole games, each played through the decider to its end. */
const games: Record<string, () => Script> = {
  'duel to knockout': () => {
    const s = launched('D', [ada, bob]).startRound().guess('ada', places.paris).guess('bob', places.brussels);
    while (s.state().status !== 'G_ED') s.nextRound().guess('ada', places.paris).guess('bob', places.brussels);
    return s;
  },
  'team guesser over its rounds': () =>
    launched('T', [ada, bob, cyd, dan], { nr: 2, rl: 10 })
      .startRound()
      .guess('ada', places.paris)
      .guess('bob', places.london)
      .guess('cyd', places.tokyo, { final: false })
      .wait(10_000)
      .run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 })
      .nextRound(places.tokyo)
      .guess('ada', places.london)
      .guess('bob', places.tokyo)
      .guess('cyd', places.tokyo)
      .guess('dan', places.paris),
  'circles, restarted and played again': () =>
    launched('C', [ada, bob], { nr: 1 })
      .startRound()
      .guess('ada', places.brussels, { r: 300_000 })
      .guess('bob', places.paris, { r: 50 })
      .run({ type: 'RestartGame', gameId: GAME_ID, playerId: 'ada' })
      .ready('ada', 'bob')
      .startRound(places.london)
      .guess('ada', places.london, { r: 10 })
      .guess('bob', places.london, { r: 10 }),
  'arena forfeit': () => arena(ada, bob).startRound().guess('ada', places.paris).disconnect('bob').wait(75_000).run({ type: 'CheckPresence', gameId: GAME_ID }),
};

describe('replaying a whole game', () => {
  it.each(Object.keys(games))('%s: the decider state and the view agree after every event, and every event and view is valid', (name) => {
    const { events } = games[name]!();
    let state: GameState = gameDecider.initialState;
    let full: FullGameView | null = null;
    events.forEach((event, revision) => {
      expect(gameEventSchema.safeParse(event).error).toBeUndefined();
      state = gameDecider.evolve(state, event);
      full = projectGameView(full, event, revision);
      if (state.status === 'none') throw new Error('no game after GameCreated');
      const { live } = full;
      expect([live.status, live.cr]).toEqual([state.status, state.cr]);
      expect(live.teams ? { '0': live.teams['0'].hp, '1': live.teams['1'].hp } : null).toEqual(state.hp);
      expect(gameViewSchema.safeParse(viewFor(full, { playerId: 'ada' }, 0)).error).toBeUndefined();
      expect(gameViewSchema.safeParse(spectatorView(full, 1, 0)).error).toBeUndefined();
      expect(Object.fromEntries(Object.values(live.us).map((user) => [user.id, user.points]))).toEqual(Object.fromEntries(state.players.map((p) => [p.id, p.points])));
    });
    expect(['G_ED', 'G_ABON']).toContain(full!.live.status);
  });
});
