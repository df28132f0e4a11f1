import { LIVE } from '@globetrail/contracts';
import { ada, arena, bob, cyd, eventOf, GAME_ID, guess, launched, places, script, typesOf } from './game.fixtures.js';

const checkPresence = { type: 'CheckPresence' as const, gameId: GAME_ID };
const connect = (playerId: string) => ({ type: 'ConnectPlayer' as const, gameId: GAME_ID, playerId });
const disconnect = (playerId: string) => ({ type: 'DisconnectPlayer' as const, gameId: GAME_ID, playerId });
const leave = (playerId: string) => ({ type: 'LeaveGame' as const, gameId: GAME_ID, playerId });

describe('game decider: presence', () => {
  describe('ConnectPlayer and DisconnectPlayer', () => {
    it('marks a player connected or offline, once', () => {
      const s = script().create('C').join(bob);
      expect(s.when(connect('bob'))).toEqual([]);
      expect(typesOf(s.when(disconnect('bob')))).toEqual(['PlayerDisconnected']);
      s.disconnect('bob');
      expect(s.when(disconnect('bob'))).toEqual([]);
      expect(typesOf(s.when(connect('bob')))).toEqual(['PlayerConnected']);
    });

    it('keeps a player who loses their socket before the start (removal waits 75 s)', () => {
      const s = script().create('C').join(bob).disconnect('bob');
      expect(s.state().players.map((p) => [p.id, p.isC])).toEqual([['ada', true], ['bob', false]]);
    });

    it('refuses connecting a non-player but records nothing for a non-player socket that drops', () => {
      const s = script().create('C');
      expect(s.when(connect('zed'))).toMatchObject({ code: 'not_in_game' });
      expect(s.when(disconnect('zed'))).toEqual([]);
    });
  });

  describe('LeaveGame once launched', () => {
    it('only marks the player offline; leaving again is a no-op', () => {
      const s = launched('C', [ada, bob]).startRound();
      expect(typesOf(s.when(leave('bob')))).toEqual(['PlayerDisconnected']);
      s.run(leave('bob'));
      expect(s.when(leave('bob'))).toEqual([]);
      expect(s.state().players).toHaveLength(2);
    });

    it('keeps the host a host while they are away', () => {
      const s = launched('C', [ada, bob]).startRound().run(leave('ada'));
      expect(s.state().hostId).toBe('ada');
    });
  });

  describe('the round-end condition', () => {
    it('does not wait for a disconnected player', () => {
      const s = launched('C', [ada, bob, cyd]).startRound().disconnect('cyd').guess('ada', places.paris, { r: 10 });
      expect(typesOf(s.when(guess('bob', 0, places.paris, { r: 10 })))).toEqual(['GuessPlaced', 'RoundEnded']);
    });

    it('ends the round when the last player still guessing disconnects', () => {
      const s = launched('A', [ada, bob]).startRound().guess('ada', places.paris);
      const decision = s.when(disconnect('bob'));
      expect(typesOf(decision)).toEqual(['PlayerDisconnected', 'RoundEnded']);
      expect(eventOf(decision, 'RoundEnded').data.reason).toBe('all_guessed');
    });

    it('does not wait for a player inactive for more than one round', () => {
      const s = launched('A', [ada, bob], { nr: 5, rl: 10 }).startRound().guess('ada', places.paris).wait(10_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 });
      s.nextRound();
      expect(typesOf(s.when(guess('ada', 1, places.paris)))).toEqual(['GuessPlaced']);
      s.guess('ada', places.paris).wait(10_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 1 }).nextRound();
      expect(typesOf(s.when(guess('ada', 2, places.paris)))).toEqual(['GuessPlaced', 'RoundEnded']);
    });

    it('waits for its timer when nobody is counted', () => {
      const s = launched('A', [ada, bob]).startRound().disconnect('ada');
      expect(typesOf(s.when(disconnect('bob')))).toEqual(['PlayerDisconnected']);
    });

    it('in the arena, still waits for a player offline for less than 75 s', () => {
      const s = arena(ada, bob).startRound().disconnect('bob').wait(30_000);
      expect(typesOf(s.when(guess('ada', 0, places.paris)))).toEqual(['GuessPlaced']);
      s.guess('ada', places.paris).connect('bob');
      expect(typesOf(s.when(guess('bob', 0, places.london)))).toEqual(['GuessPlaced', 'RoundEnded']);
    });

    it('in a lobby duel, also counts a player last seen within 75 s; a private duel does not', () => {
      const lobby = script().create('D', {}, 'lobby').join(bob).ready('ada', 'bob').startRound().disconnect('bob');
      expect(typesOf(lobby.when(guess('ada', 0, places.paris)))).toEqual(['GuessPlaced']);
      const unlisted = launched('D', [ada, bob]).startRound().disconnect('bob');
      expect(typesOf(unlisted.when(guess('ada', 0, places.paris)))).toContain('RoundEnded');
    });
  });

  describe('CheckPresence', () => {
    it('removes players offline for 75 s before the start, handing over the host', () => {
      const s = script().create('C').join(bob).join(cyd).disconnect('ada').wait(LIVE.connectedWindowMs - 1);
      expect(s.when(checkPresence)).toEqual([]);
      s.wait(1);
      const decision = s.when(checkPresence);
      expect(typesOf(decision)).toEqual(['PlayerLeft', 'HostChanged']);
      expect(eventOf(decision, 'HostChanged').data.hostId).toBe('bob');
    });

    it('abandons a game whose players are all offline for 75 s', () => {
      const s = script().create('C').join(bob).disconnect('ada').disconnect('bob').wait(LIVE.connectedWindowMs);
      expect(eventOf(s.when(checkPresence), 'GameAbandoned').data.reason).toBe('all_offline');
      const running = launched('T', [ada, bob]).startRound().disconnect('ada').disconnect('bob').wait(LIVE.connectedWindowMs);
      expect(typesOf(running.when(checkPresence))).toEqual(['GameAbandoned']);
    });

    it('forfeits a running duel for the player offline for 75 s while the other is not', () => {
      const s = launched('D', [ada, bob]).startRound().disconnect('bob').wait(LIVE.connectedWindowMs);
      expect(eventOf(s.when(checkPresence), 'GameEnded').data).toMatchObject({ reason: 'forfeit', winnerTeam: '0' });
      const stillBoth = launched('D', [ada, bob]).startRound().disconnect('bob').wait(LIVE.connectedWindowMs - 1);
      expect(stillBoth.when(checkPresence)).toEqual([]);
    });

    it('forfeits an arena match whose player never connected', () => {
      const s = arena(ada, bob).disconnect('bob').wait(LIVE.connectedWindowMs);
      expect(eventOf(s.when(checkPresence), 'GameEnded').data).toMatchObject({ reason: 'forfeit', winnerTeam: '0' });
    });

    it('does nothing for an offline player in other running games, or in a finished game', () => {
      const s = launched('T', [ada, bob]).startRound().disconnect('bob').wait(LIVE.connectedWindowMs);
      expect(s.when(checkPresence)).toEqual([]);
      const ended = launched('A', [ada], { nr: 1 }).startRound().guess('ada', places.paris).disconnect('ada').wait(LIVE.connectedWindowMs);
      expect(ended.when(checkPresence)).toEqual([]);
    });
  });
});
