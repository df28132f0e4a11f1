import { LIVE } from '@globetrail/contracts';
import type { JoiningPlayer } from './game.commands.js';
import { ada, bob, cyd, dan, eventOf, GAME_ID, game, iso, launched, map, script, settings, typesOf } from './game.fixtures.js';

const join = (player: JoiningPlayer, team?: '0' | '1') => ({ type: 'JoinGame' as const, gameId: GAME_ID, player, ...(team ? { team } : {}) });

describe('game decider: creating, joining, teams and launch', () => {
  describe('CreateGame', () => {
    it('creates the game with its host, who is not connected until their socket joins the room', () => {
      const decision = game.given([]).when({ type: 'CreateGame', gameId: GAME_ID, gameT: 'D', origin: 'private', settings: settings(), map, host: ada });
      expect(typesOf(decision)).toEqual(['GameCreated', 'PlayerJoined']);
      expect(eventOf(decision, 'PlayerJoined').data).toEqual({ playerId: 'ada', name: 'Ada', isAnonymous: false, team: '0', elo: 1200, at: iso(0) });
      expect(script().create('D').state().players[0]).toMatchObject({ isC: true, ready: false, team: '0' });
    });

    it('launches an arena match at once: both players join opposite sides, ready', () => {
      const decision = game.given([]).when({ type: 'CreateGame', gameId: GAME_ID, gameT: 'L', origin: 'arena', settings: settings(), map, host: ada, opponent: bob });
      expect(typesOf(decision)).toEqual(['GameCreated', 'PlayerJoined', 'PlayerJoined', 'PlayerReadyChanged', 'PlayerReadyChanged', 'GameLaunched']);
      expect((decision as { type: string; data: { team?: string } }[]).filter((e) => e.type === 'PlayerJoined').map((e) => e.data.team)).toEqual(['0', '1']);
    });

    it('is a no-op when the host retries, and a conflict for anyone else', () => {
      const s = script().create('C');
      expect(s.when({ type: 'CreateGame', gameId: GAME_ID, gameT: 'C', origin: 'private', settings: settings(), map, host: ada })).toEqual([]);
      expect(s.when({ type: 'CreateGame', gameId: GAME_ID, gameT: 'C', origin: 'private', settings: settings(), map, host: bob })).toMatchObject({ status: 409, code: 'conflict' });
    });

    it('refuses a player as their own opponent', () => {
      expect(game.given([]).when({ type: 'CreateGame', gameId: GAME_ID, gameT: 'L', origin: 'arena', settings: settings(), map, host: ada, opponent: ada })).toMatchObject({ code: 'validation_failed', field: 'opponent' });
    });

    it('answers not_found for any other command on a game that does not exist', () => {
      expect(game.given([]).when(join(bob))).toMatchObject({ status: 404, code: 'not_found' });
    });
  });

  describe('JoinGame', () => {
    it('joins and connects a new player in CREATED', () => {
      expect(typesOf(script().create('C').when(join(bob)))).toEqual(['PlayerJoined', 'PlayerConnected']);
    });

    it('is a no-op for a player already connected, and reconnects one who is offline', () => {
      const s = script().create('C').join(bob);
      expect(s.when(join(bob))).toEqual([]);
      s.disconnect('bob');
      expect(typesOf(s.when(join(bob)))).toEqual(['PlayerConnected']);
    });

    it('lets a player come back to a running game but refuses newcomers', () => {
      const s = launched('D', [ada, bob]).disconnect('bob');
      expect(typesOf(s.when(join(bob)))).toEqual(['PlayerConnected']);
      expect(s.when(join(cyd))).toMatchObject({ status: 409, code: 'game_not_joinable' });
    });

    it('refuses a player beyond capacity', () => {
      expect(script().create('D').join(bob).when(join(cyd))).toMatchObject({ status: 409, code: 'game_full' });
      const full = script().create('C');
      for (let i = 1; i < LIVE.capacity.C; i += 1) full.join({ id: `p${i}`, name: `P${i}`, isAnonymous: true, elo: null });
      expect(full.when(join(cyd))).toMatchObject({ code: 'game_full' });
    });

    it('puts a newcomer on the smaller team, team 0 on a tie', () => {
      const s = script().create('T').join(bob).join(cyd);
      expect(s.state().players.map((p) => p.team)).toEqual(['0', '1', '0']);
    });

    it('honours a chosen team in team guesser while it has room', () => {
      const s = script().create('T');
      expect(eventOf(s.when(join(bob, '0')), 'PlayerJoined').data.team).toBe('0');
      for (let i = 1; i < 8; i += 1) s.run(join({ id: `p${i}`, name: `P${i}`, isAnonymous: true, elo: null }, '0'));
      expect(s.when(join(bob, '0'))).toMatchObject({ code: 'game_full', field: 'team' });
    });

    it('refuses a team choice in a mode without chosen teams', () => {
      expect(script().create('C').when(join(bob, '1'))).toMatchObject({ status: 400, code: 'no_teams' });
    });

    it("refuses a lobby duel's newcomer rated below its minimum Elo, or unrated", () => {
      const s = script().create('D', { mElo: 1100 }, 'lobby');
      expect(s.when(join(bob))).toMatchObject({ status: 403, code: 'elo_too_low' });
      expect(s.when(join(dan))).toMatchObject({ code: 'elo_too_low' });
      expect(typesOf(s.when(join(cyd)))).toEqual(['PlayerJoined', 'PlayerConnected']);
    });

    it('refuses joining an abandoned game', () => {
      const s = script().create('C');
      s.run({ type: 'LeaveGame', gameId: GAME_ID, playerId: 'ada' });
      expect(s.when(join(bob))).toMatchObject({ code: 'game_not_joinable' });
    });
  });

  describe('ChooseTeam', () => {
    const choose = (playerId: string, team: '0' | '1') => ({ type: 'ChooseTeam' as const, gameId: GAME_ID, playerId, team });

    it('moves a player to the other team in CREATED, and is a no-op for their own team', () => {
      const s = script().create('T').join(bob);
      expect(eventOf(s.when(choose('bob', '0')), 'PlayerTeamChosen').data).toMatchObject({ playerId: 'bob', team: '0' });
      expect(s.when(choose('bob', '1'))).toEqual([]);
    });

    it('refuses outside team guesser, after the start, for a full team, and for non-players', () => {
      expect(script().create('D').join(bob).when(choose('bob', '0'))).toMatchObject({ code: 'no_teams' });
      expect(launched('T', [ada, bob]).when(choose('bob', '0'))).toMatchObject({ status: 409, code: 'wrong_phase' });
      const s = script().create('T');
      for (let i = 1; i <= 8; i += 1) s.run(join({ id: `p${i}`, name: `P${i}`, isAnonymous: true, elo: null }, '1'));
      expect(s.when(choose('ada', '1'))).toMatchObject({ code: 'game_full' });
      expect(s.when(choose('zed', '1'))).toMatchObject({ status: 403, code: 'not_in_game' });
    });
  });

  describe('SetReady and the launch', () => {
    const ready = (playerId: string, value = true) => ({ type: 'SetReady' as const, gameId: GAME_ID, playerId, ready: value });

    it('launches once everyone is ready and the minimum is met', () => {
      const s = script().create('D').join(bob).ready('ada');
      expect(typesOf(s.when(ready('bob')))).toEqual(['PlayerReadyChanged', 'GameLaunched']);
    });

    it('waits for a second duel player, and for both team guesser teams', () => {
      expect(typesOf(script().create('D').when(ready('ada')))).toEqual(['PlayerReadyChanged']);
      const team = script().create('T').join(bob).run({ type: 'ChooseTeam', gameId: GAME_ID, playerId: 'bob', team: '0' }).ready('ada');
      expect(typesOf(team.when(ready('bob')))).toEqual(['PlayerReadyChanged']);
      team.ready('bob');
      expect(typesOf(team.when({ type: 'ChooseTeam', gameId: GAME_ID, playerId: 'bob', team: '1' }))).toEqual(['PlayerTeamChosen', 'GameLaunched']);
    });

    it('launches circles and best guesser with a single player', () => {
      expect(typesOf(script().create('A').when(ready('ada')))).toEqual(['PlayerReadyChanged', 'GameLaunched']);
    });

    it('launches when the only player not ready leaves', () => {
      const s = script().create('C').join(bob).ready('ada');
      expect(typesOf(s.when({ type: 'LeaveGame', gameId: GAME_ID, playerId: 'bob' }))).toEqual(['PlayerLeft', 'GameLaunched']);
    });

    it('is a no-op for the same value (a retry, even after the launch) and refuses a change once started', () => {
      const s = launched('D', [ada, bob]);
      expect(s.when(ready('ada'))).toEqual([]);
      expect(s.when(ready('ada', false))).toMatchObject({ code: 'wrong_phase' });
      expect(s.when(ready('zed'))).toMatchObject({ code: 'not_in_game' });
    });
  });

  describe('LeaveGame before the start', () => {
    const leave = (playerId: string) => ({ type: 'LeaveGame' as const, gameId: GAME_ID, playerId });

    it('removes the player', () => {
      expect(typesOf(script().create('C').join(bob).when(leave('bob')))).toEqual(['PlayerLeft']);
    });

    it('hands the host over to the longest-present player', () => {
      const decision = script().create('C').join(bob).join(cyd).when(leave('ada'));
      expect(typesOf(decision)).toEqual(['PlayerLeft', 'HostChanged']);
      expect(eventOf(decision, 'HostChanged').data.hostId).toBe('bob');
    });

    it('abandons the game when the last player leaves', () => {
      const decision = script().create('C').when(leave('ada'));
      expect(typesOf(decision)).toEqual(['PlayerLeft', 'GameAbandoned']);
      expect(eventOf(decision, 'GameAbandoned').data.reason).toBe('everyone_left');
    });

    it('refuses someone who is not a player', () => {
      expect(script().create('C').when(leave('zed'))).toMatchObject({ status: 403, code: 'not_in_game' });
    });
  });
});
