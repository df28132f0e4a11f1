import type { Ack, ClientToServerEvents, ProfileChanged, ServerToClientEvents } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';
import { playRound, submissionFor } from '../support/play.js';
import { signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.app.getUrl();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

function connect(token?: string): Socket<ServerToClientEvents, ClientToServerEvents> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('live profile pushes over Socket.IO', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(connected(connect())).rejects.toThrow(/^unauthenticated/);
    await expect(connected(connect('garbage'))).rejects.toThrow(/^unauthenticated/);
  });

  it("answers WatchProfile with the current profile, then pushes a newer version after a scored round to all the player's tabs", async () => {
    const player = await signedUpPlayer(t);
    const tabs = [connect(player.token), connect(player.token)];
    await Promise.all(tabs.map(connected));
    const current = await new Promise<Ack<ProfileChanged>>((resolve) => tabs[0]!.emit('WatchProfile', resolve));
    if (!current.ok) throw new Error(current.error.message);
    expect(current.data.profile).toMatchObject({ uid: player.profile.uid, points: 0 });

    const pushes = tabs.map((tab) => new Promise<ProfileChanged>((resolve) => tab.once('ProfileChanged', resolve)));
    const played = await playRound(t, player);
    await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor(played)).expect(200);
    for (const push of await Promise.all(pushes)) {
      expect(push.profile).toMatchObject({ uid: player.profile.uid, points: played.result.points, nGames: 1 });
      expect(push.version).toBeGreaterThan(current.data.version);
    }
  });

  it("does not push one player's profile to another", async () => {
    const [a, b] = [await signedUpPlayer(t), await signedUpPlayer(t)];
    const socketB = connect(b.token);
    await connected(socketB);
    const received: ProfileChanged[] = [];
    socketB.on('ProfileChanged', (push) => received.push(push));
    const played = await playRound(t, a);
    await t.http.post('/score/submit').set('Authorization', a.token).send(submissionFor(played)).expect(200);
    // B's own change arrives after A's would have: the order of pushes on one server follows commit order.
    const own = new Promise<ProfileChanged>((resolve) => socketB.once('ProfileChanged', resolve));
    const playedB = await playRound(t, b);
    await t.http.post('/score/submit').set('Authorization', b.token).send(submissionFor(playedB)).expect(200);
    await own;
    expect(received.every((push) => push.profile.uid === b.profile.uid)).toBe(true);
  });
});
