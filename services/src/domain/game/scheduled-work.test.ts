import { LIVE } from '@globetrail/contracts';
import { ada, bob, cyd, GAME_ID, launched, places, script, T0 } from './game.fixtures.js';
import { isRejection } from '../decider.js';
import { at as atTime } from './game.fixtures.js';
import { gameDecider } from './game.decider.js';
import type { Game } from './game.state.js';
import { EVENTS_WITHOUT_WORK, scheduledWork } from './scheduled-work.js';

describe('scheduledWork', () => {
  it('owes nothing to a game that does not exist or waits in CREATED with everyone connected', () => {
    expect(scheduledWork({ status: 'none' })).toEqual([]);
    expect(scheduledWork(script().create('C').join(bob).state())).toEqual([]);
  });

  it('prepares round 0 at once after the launch', () => {
    const s = launched('A', [ada]).wait(500);
    expect(scheduledWork(s.state())).toEqual([{ kind: 'prepare_round', roundIndex: 0, at: T0 }]);
  });

  it('begins a round when its countdown ends, and ends it at crft', () => {
    const s = launched('A', [ada], { rl: 30 }).run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex: 0, picture: { target: places.paris, panorama: { token: 'tok-0000000000000000', provider: 'local', imageId: 'i', heading: 0 } } });
    expect(scheduledWork(s.state())).toEqual([{ kind: 'begin_round', roundIndex: 0, at: T0 + LIVE.countdownMs }]);
    s.wait(LIVE.countdownMs).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex: 0 });
    expect(scheduledWork(s.state())).toEqual([{ kind: 'end_round', roundIndex: 0, at: T0 + LIVE.countdownMs + 30_000 }]);
  });

  it('ends a timed-out round at gatft, and schedules no end for a round without a limit', () => {
    const s = launched('A', [ada, bob], { rl: 30, gat: true }).startRound().wait(30_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 });
    expect(scheduledWork(s.state())).toEqual([{ kind: 'end_round', roundIndex: 0, at: T0 + LIVE.countdownMs + 30_000 + LIVE.gatWindowMs }]);
    expect(scheduledWork(launched('A', [ada], { rl: -1 }).startRound().state())).toEqual([]);
  });

  it('prepares the next round 7 s after a round ends, and nothing once the game is over', () => {
    const s = launched('A', [ada], { nr: 2 }).startRound().wait(2_000).guess('ada', places.paris);
    expect(scheduledWork(s.state())).toEqual([{ kind: 'prepare_round', roundIndex: 1, at: T0 + 5_000 + LIVE.resultDisplayMs }]);
    s.nextRound().guess('ada', places.paris);
    expect(s.state().status).toBe('G_ED');
    expect(scheduledWork(s.state())).toEqual([]);
  });

  it('checks presence when the first offline player has been away 75 s, then the next', () => {
    const lobby = script().create('C').join(bob).join(cyd).disconnect('bob').wait(1_000).disconnect('cyd');
    expect(scheduledWork(lobby.state())).toEqual([{ kind: 'check_presence', at: T0 + LIVE.connectedWindowMs }]);
    lobby.wait(LIVE.connectedWindowMs - 1_000).run({ type: 'CheckPresence', gameId: GAME_ID });
    expect(scheduledWork(lobby.state())).toEqual([{ kind: 'check_presence', at: T0 + 1_000 + LIVE.connectedWindowMs }]);
    const duel = launched('D', [ada, bob], { rl: -1 }).startRound().disconnect('bob');
    expect(scheduledWork(duel.state())).toEqual([{ kind: 'check_presence', at: T0 + LIVE.countdownMs + LIVE.connectedWindowMs }]);
  });

  it('in other running games, checks only when everyone is offline, at the last window’s close', () => {
    const s = launched('A', [ada, bob], { rl: -1 }).startRound().disconnect('bob');
    expect(scheduledWork(s.state())).toEqual([]);
    s.wait(5_000).disconnect('ada');
    expect(scheduledWork(s.state())).toEqual([{ kind: 'check_presence', at: T0 + LIVE.countdownMs + 5_000 + LIVE.connectedWindowMs }]);
  });

  it('owes the same work after the events the timers pass over (markers, guesses that end nothing, chat, blink starts, plans)', () => {
    const games = [
      launched('D', [ada, bob], { rl: 30 }).startRound(),
      launched('A', [ada, bob, cyd], { rl: 3, bl: true, gat: true }).startRound(),
      script().create('L', {}, 'arena'),
    ];
    const skipped = new Set<string>(EVENTS_WITHOUT_WORK);
    let checked = 0;
    for (const s of games) {
      const commands = [
        { type: 'PlaceGuess', gameId: GAME_ID, playerId: 'ada', roundIndex: 0, loc: places.london, r: -1, final: false },
        { type: 'PlaceGuess', gameId: GAME_ID, playerId: 'ada', roundIndex: 0, loc: places.paris, r: -1, final: true },
        { type: 'StartViewing', gameId: GAME_ID, playerId: 'bob', roundIndex: 0 },
        { type: 'PostChat', gameId: GAME_ID, playerId: 'bob', messageId: 'm1', text: 'hi' },
      ] as const;
      for (const command of commands) {
        const before = s.state();
        const decision = gameDecider.decide(command, before, atTime(s.now));
        if (isRejection(decision)) continue;
        let state: Game = before;
        for (const event of decision) {
          const next = gameDecider.evolve(state, event) as Game;
          if (skipped.has(event.type)) {
            expect(scheduledWork(next)).toEqual(scheduledWork(state));
            checked += 1;
          }
          state = next;
        }
        s.events.push(...decision);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});
