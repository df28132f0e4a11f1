import type { AuthSession } from '@globetrail/contracts';
import { connectFrame, Duellist, eventFrame, parseFrame } from '../../k8s/load-test/socketio.js';
import { playDuel } from '../../services/src/load/load-run.js';
import { gameEvents } from '../support/live-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The k6 load test's duel scenario speaks Socket.IO by hand over a plain WebSocket (k8s/load-test/socketio.js).
 * Here the same code plays against the real server, so the load test is known to play real duels.
 */
let t: TestApp;
beforeAll(async () => {
  // Game timers 20× faster: a duel's result and countdown phases take a fraction of a second. The duellists
  // never load a picture: nothing encodes one in advance (round-picture-warming.api.test.ts checks that).
  t = await startTestApp({ env: { CLOCK_SPEED: '20', ROUND_PICTURE_WARMING: 'off' } });
});
afterAll(() => t.close());

async function signedUp(name: string): Promise<{ uid: string; token: string }> {
  const email = `${name.toLowerCase()}-${Date.now()}@example.org`;
  const session = (await t.http.post('/auth/signup').send({ name, email, password: 'a long enough password' }).expect(201)).body as AuthSession;
  await t.http.post('/user/create').set('Authorization', session.idToken).expect(201);
  return { uid: session.user.uid, token: session.idToken };
}

describe('the load test’s hand-spoken Socket.IO', () => {
  it('frames and reads Engine.IO v4 packets', () => {
    expect(connectFrame('tok')).toBe('40{"token":"tok"}');
    expect(eventFrame('JoinGame', { gameId: 'g' }, 7)).toBe('427["JoinGame",{"gameId":"g"}]');
    expect(parseFrame('2')).toEqual({ kind: 'ping' });
    expect(parseFrame('0{"sid":"x","pingInterval":25000}')).toMatchObject({ kind: 'open', data: { sid: 'x' } });
    expect(parseFrame('40{"sid":"y"}')).toEqual({ kind: 'connected' });
    expect(parseFrame('44{"message":"unauthenticated: bad"}')).toEqual({ kind: 'connect_error', data: { message: 'unauthenticated: bad' } });
    expect(parseFrame('42["ArenaMatched",{"gameId":"g"}]')).toEqual({ kind: 'event', name: 'ArenaMatched', data: { gameId: 'g' }, ackId: undefined });
    expect(parseFrame('4312[{"ok":true,"data":null}]')).toEqual({ kind: 'ack', ackId: 12, data: { ok: true, data: null } });
  });

  it('two duellists queue in the arena, are matched, and play their match to its end against the real server', async () => {
    const url = `${(await t.app.getUrl()).replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const [ada, bo] = [await signedUp('Ada'), await signedUp('Bo')];
    const duellists = [new Duellist(ada.uid, ada.token), new Duellist(bo.uid, bo.token)];
    await Promise.all(duellists.map((duellist) => playDuel(duellist, url, 60_000)));

    for (const duellist of duellists) {
      expect({ phase: duellist.phase, failure: duellist.failure, refused: duellist.refused }).toEqual({ phase: 'done', failure: null, refused: [] });
      expect(duellist.rounds).toBeGreaterThan(0);
      expect(duellist.matchedAt! - duellist.queuedAt!).toBeGreaterThanOrEqual(0);
    }
    const [first, second] = duellists as [Duellist, Duellist];
    expect(second.gameId).toBe(first.gameId);
    const events = await gameEvents(t, first.gameId!);
    expect(events.filter((event) => event.type === 'GameEnded')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'GuessPlaced').length).toBeGreaterThanOrEqual(2);
  });

  it('a duellist with a bad token is refused on connect', async () => {
    const url = `${(await t.app.getUrl()).replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const duellist = new Duellist('nobody', 'not-a-token');
    await playDuel(duellist, url, 60_000);
    expect(duellist.phase).toBe('failed');
    expect(duellist.failure).toMatch(/unauthenticated/);
  });
});
