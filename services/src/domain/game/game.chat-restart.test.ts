import { LIVE } from '@globetrail/contracts';
import { ada, arena, bob, eventOf, GAME_ID, launched, places, script, typesOf } from './game.fixtures.js';

const chat = (playerId: string, messageId: string, text: string) => ({ type: 'PostChat' as const, gameId: GAME_ID, playerId, messageId, text });
const restart = (playerId: string) => ({ type: 'RestartGame' as const, gameId: GAME_ID, playerId });

describe('game decider: chat and restart', () => {
  describe('PostChat', () => {
    it('posts the trimmed text under the player’s name', () => {
      const decision = script().create('C').when(chat('ada', 'm1', '  hello  '));
      expect(eventOf(decision, 'ChatMessagePosted').data).toMatchObject({ messageId: 'm1', playerId: 'ada', name: 'Ada', text: 'hello' });
    });

    it('takes 1 to 200 characters after trimming', () => {
      const s = script().create('C');
      expect(s.when(chat('ada', 'm1', '   '))).toMatchObject({ status: 400, code: 'validation_failed', field: 'text' });
      expect(s.when(chat('ada', 'm1', 'x'.repeat(LIVE.chatMaxLength + 1)))).toMatchObject({ code: 'validation_failed' });
      expect(typesOf(s.when(chat('ada', 'm1', ` ${'x'.repeat(LIVE.chatMaxLength)} `)))).toEqual(['ChatMessagePosted']);
    });

    it('allows one message a second per player', () => {
      const s = script().create('C').join(bob).run(chat('ada', 'm1', 'hi')).wait(999);
      expect(s.when(chat('ada', 'm2', 'again'))).toMatchObject({ status: 409, code: 'rate_limited' });
      expect(typesOf(s.when(chat('bob', 'm2', 'hi')))).toEqual(['ChatMessagePosted']);
      s.wait(1);
      expect(typesOf(s.when(chat('ada', 'm2', 'again')))).toEqual(['ChatMessagePosted']);
    });

    it('treats a message sent again with the same id as already posted', () => {
      expect(script().create('C').run(chat('ada', 'm1', 'hi')).when(chat('ada', 'm1', 'hi'))).toEqual([]);
    });

    it('refuses spectators and abandoned games', () => {
      const s = script().create('C');
      expect(s.when(chat('zed', 'm1', 'hi'))).toMatchObject({ status: 403, code: 'not_in_game' });
      s.join(bob).disconnect('ada').disconnect('bob').wait(LIVE.connectedWindowMs).run({ type: 'CheckPresence', gameId: GAME_ID });
      expect(s.when(chat('ada', 'm1', 'hi'))).toMatchObject({ code: 'wrong_phase' });
    });
  });

  describe('RestartGame', () => {
    const finished = () => launched('D', [ada, bob], { s_hp: 1000 }).run(chat('ada', 'm1', 'gg')).startRound().guess('ada', places.paris).guess('bob', places.tokyo);

    it('takes a finished game back to CREATED: rounds cleared, hit points reset, nobody ready, same players', () => {
      const s = finished();
      expect(s.state().status).toBe('G_ED');
      expect(typesOf(s.when(restart('ada')))).toEqual(['GameRestarted']);
      s.run(restart('ada'));
      expect(s.state()).toMatchObject({ status: 'C', cr: 0, rounds: [], hp: { '0': 1000, '1': 1000 } });
      expect(s.state().players.map((p) => [p.id, p.ready, p.points])).toEqual([['ada', false, 0], ['bob', false, 0]]);
    });

    it('is a no-op when retried, and the game can be played again', () => {
      const s = finished().run(restart('ada'));
      expect(s.when(restart('ada'))).toEqual([]);
      s.ready('ada', 'bob');
      expect(s.state().status).toBe('G');
    });

    it('is for the host only, from GAME_ENDED only, and never for an arena match', () => {
      expect(finished().when(restart('bob'))).toMatchObject({ status: 403, code: 'not_host' });
      expect(launched('D', [ada, bob]).startRound().when(restart('ada'))).toMatchObject({ status: 409, code: 'wrong_phase' });
      expect(finished().when(restart('zed'))).toMatchObject({ code: 'not_in_game' });
      const match = arena(ada, bob).startRound().guess('ada', places.paris).guess('bob', places.tokyo);
      expect(match.state().status).toBe('G_ED');
      expect(match.when(restart('ada'))).toMatchObject({ status: 403, code: 'forbidden' });
    });
  });
});
