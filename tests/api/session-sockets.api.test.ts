import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthSession } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27: a socket's token is checked when it connects, so a session that ends must close its open
 * sockets too, at once: sign-out closes that session's; a new password, a reset and a deleted account close
 * every session's (a new password's own new session stays). Real socket.io clients against the app.
 */

const PASSWORD = 'correct horse';
let made = 0;

async function signUp(t: TestApp): Promise<{ email: string; session: AuthSession }> {
  const email = `sockets${++made}-${Date.now()}@example.org`;
  const session = (await t.http.post('/auth/signup').send({ name: `Socket ${made}`, email, password: PASSWORD }).expect(201)).body as AuthSession;
  await t.http.post('/user/create').set('Authorization', session.idToken).expect(201);
  return { email, session };
}

const signIn = async (t: TestApp, email: string, password = PASSWORD) => (await t.http.post('/auth/signin').send({ email, password }).expect(200)).body as AuthSession;

interface Watched {
  socket: Socket;
  /** The reason it was closed, once it is. */
  closed: Promise<string>;
}

async function connect(t: TestApp, token: string): Promise<Watched> {
  const socket = io(await t.app.getUrl(), { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, closed: new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason))) };
}

/** The reason the server closed it, or 'still open' if it has not within the time. */
const closedWithin = (watched: Watched, ms = 5_000) => Promise.race([watched.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

const refused = async (t: TestApp, token: string) => {
  const socket = io(await t.app.getUrl(), { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    return await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
};

describe('open sockets when a session ends', () => {
  let t: TestApp;
  const opened: Socket[] = [];
  const open = async (token: string) => {
    const watched = await connect(t, token);
    opened.push(watched.socket);
    return watched;
  };
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await t.close();
  });

  it('sign-out closes that session’s sockets at once, and only that session’s', async () => {
    const { email, session } = await signUp(t);
    const other = await signIn(t, email);
    const [mine, also, elsewhere] = [await open(session.idToken), await open(session.idToken), await open(other.idToken)];
    await t.http.post('/auth/signout').send({ refreshToken: session.refreshToken }).expect(204);
    expect(await closedWithin(mine)).toBe('io server disconnect');
    expect(await closedWithin(also)).toBe('io server disconnect');
    expect(elsewhere.socket.connected).toBe(true);
    expect(await refused(t, session.idToken)).toMatch(/^unauthenticated: .*session/);
  });

  it('a new password closes every older session’s sockets, and the session it begins connects and stays', async () => {
    const { email, session } = await signUp(t);
    const other = await signIn(t, email);
    const [mine, elsewhere] = [await open(session.idToken), await open(other.idToken)];
    const renewed = (await t.http.post('/auth/password').set('Authorization', session.idToken).send({ currentPassword: PASSWORD, newPassword: 'a brand new secret' }).expect(200)).body as AuthSession;
    const next = await open(renewed.idToken);
    expect(await closedWithin(mine)).toBe('io server disconnect');
    expect(await closedWithin(elsewhere)).toBe('io server disconnect');
    expect(next.socket.connected).toBe(true);
  });

  it('a password reset and a deleted account close every session’s sockets', async () => {
    const reset = await signUp(t);
    const resetSocket = await open(reset.session.idToken);
    await t.http.post('/auth/password-reset').send({ email: reset.email }).expect(202);
    const outbox = join(t.dataDir, 'outbox');
    const mail = readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8')).find((text) => text.includes(reset.email))!;
    const code = /\b(\d{8})\b/.exec(mail)![1]!;
    await t.http.post('/auth/password-reset/confirm').send({ email: reset.email, code, password: 'a reset secret' }).expect(200);
    expect(await closedWithin(resetSocket)).toBe('io server disconnect');

    const deleted = await signUp(t);
    const second = await signIn(t, deleted.email);
    const sockets = [await open(deleted.session.idToken), await open(second.idToken)];
    await t.http.get('/user/delete').set('Authorization', deleted.session.idToken).expect(200);
    for (const socket of sockets) expect(await closedWithin(socket)).toBe('io server disconnect');
    expect(await refused(t, second.idToken)).toMatch(/^unauthenticated/);
  });
});
