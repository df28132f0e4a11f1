import { statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { AuthSession } from '@globetrail/contracts';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { anonymousPlayer, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** What a raw TCP client hears before the server closes the connection. */
function rawExchange(port: number, send: string): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(send));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, closed: true }));
  });
}

function openIdle(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

const portOf = (t: TestApp) => (t.app.getHttpServer().address() as { port: number }).port;

describe('hardening: headers, limits, timeouts and revocation', () => {
  describe('with the default policy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    });
    afterAll(() => t.close());

    it('sends a Content-Security-Policy and the other security headers on pages, API answers and errors', async () => {
      for (const path of ['/', '/client-config', '/health/live', '/games/no-such-game']) {
        const response = await t.http.get(path);
        const csp = response.headers['content-security-policy'] as string;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("worker-src 'self' blob:");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).not.toContain('googleapis');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('sends them on answers Express’s routes never see: body parsers’ errors and Socket.IO’s handshake and polls', async () => {
      const player = await anonymousPlayer(t);
      const malformed = await t.http.post('/solo').set('Authorization', player.token).set('Content-Type', 'application/json').send('{"mapId": ').expect(400);
      expect(malformed.body).toMatchObject({ code: 'validation_failed', field: 'body' });
      const oversized = await t.http.post('/solo').set('Authorization', player.token).send({ mapId: 'x'.repeat(70 * 1024) }).expect(413);
      expect(oversized.body).toMatchObject({ statusCode: 413, code: 'validation_failed', field: 'body' });
      expect(oversized.body.message).toMatch(/^body: too large/);
      const handshake = await t.http.get('/socket.io/?EIO=4&transport=polling').expect(200);
      expect(String(handshake.text)).toMatch(/"sid"/);
      const sid = /"sid":"([^"]+)"/.exec(handshake.text)![1]!;
      const poll = await t.http.post(`/socket.io/?EIO=4&transport=polling&sid=${sid}`).set('Content-Type', 'text/plain').send('41').expect(200);
      for (const response of [malformed, oversized, handshake, poll]) {
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      }
    });

    it('answers a request that names no host 400, naming the header, with the security headers', async () => {
      const { answer } = await rawExchange(portOf(t), 'GET /client-config HTTP/1.0\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.toLowerCase()).toContain('content-security-policy:');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'validation_failed', field: 'Host' });
    });

    it('answers other sites’ pages no CORS permission', async () => {
      const preflight = await t.http.options('/client-config').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const read = await t.http.get('/client-config').set('Origin', 'https://evil.example').expect(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('caps the input an error quotes back', async () => {
      const id = 'x'.repeat(10_000);
      const player = await anonymousPlayer(t);
      const response = await t.http.get(`/games/${id}`).set('Authorization', player.token);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(JSON.stringify(response.body).length).toBeLessThan(600);
    });

    it('refuses names with control characters or direction overrides, and stores names NFC-normalised', async () => {
      const signUp = (name: string) => t.http.post('/auth/signup').send({ name, email: `n${Date.now()}${Math.random()}@example.org`, password: 'tram-cloud-41' });
      expect((await signUp('Ann\u0000a').expect(400)).body).toMatchObject({ code: 'validation_failed', field: 'name' });
      expect((await signUp('gpj\u202Eexe').expect(400)).body.field).toBe('name');
      expect(((await signUp(' Jose\u0301 ').expect(201)).body as AuthSession).user.name).toBe('José');
      const player = await signedUpPlayer(t);
      expect((await t.http.post('/auth/profile').set('Authorization', player.token).send({ name: 'a\u001b[31m' }).expect(400)).body.field).toBe('name');
    });

    it('refuses short and breached passwords with their own codes', async () => {
      const signUp = (password: string) => t.http.post('/auth/signup').send({ name: 'Pat', email: `p${Date.now()}${Math.random()}@example.org`, password });
      expect((await signUp('short7!').expect(400)).body).toMatchObject({ code: 'weak_password', field: 'password' });
      expect((await signUp('password1').expect(400)).body).toMatchObject({ code: 'common_password', field: 'password' });
      expect((await signUp('        ').expect(400)).body).toMatchObject({ code: 'weak_password', field: 'password', message: 'password: must not be only spaces' });
      const email = `own${Date.now()}@example.org`;
      for (const password of [email, email.toUpperCase(), email.split('@')[0]!, 'Pat Pattersonn', 'pat pattersonn ']) {
        const refused = await t.http.post('/auth/signup').send({ name: 'Pat Pattersonn', email, password }).expect(400);
        expect(refused.body).toMatchObject({ code: 'weak_password', field: 'password' });
        expect(refused.body.message).toMatch(/your email or your name/);
      }
      expect((await t.http.get('/auth/password-policy').expect(200)).body).toEqual({ minLength: 8 });
    });

    it('refuses an id token at once after sign-out, and every token of a deleted account', async () => {
      const player = await signedUpPlayer(t);
      await t.http.post('/user/create').set('Authorization', player.token).expect(201);
      await t.http.post('/auth/signout').send({ refreshToken: player.session.refreshToken }).expect(204);
      expect((await t.http.post('/user/create').set('Authorization', player.token).expect(401)).body.message).toContain('session');

      const deleted = await signedUpPlayer(t);
      const other = (await t.http.post('/auth/signin').send({ email: deleted.session.user.email, password: 'correct horse' }).expect(200)).body as AuthSession;
      await t.http.get('/user/delete').set('Authorization', deleted.token).expect(200);
      await t.http.post('/user/create').set('Authorization', deleted.token).expect(401);
      await t.http.post('/user/create').set('Authorization', other.idToken).expect(401);
    });

    it('keeps the data files for its owner only', () => {
      for (const file of ['identity.sqlite', 'events.sqlite']) expect(statSync(join(t.dataDir, file)).mode & 0o777).toBe(0o600);
    });
  });

  it('limits failed sign-ins per address over every email, with 429, Retry-After and a message', async () => {
    const t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      for (let i = 0; i < 30; i += 1) await t.http.post('/auth/signin').send({ email: `victim${i}@example.org`, password: 'guess-guess' }).expect(401);
      const refused = await t.http.post('/auth/signin').send({ email: 'someone-else@example.org', password: 'guess-guess' }).expect(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('30 per 15 minutes') });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('counts only sign-ups that made an account, and never refuses a known device its right password for others’ failures', async () => {
    const t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const form = (i: number, password: string) => ({ name: `Pupil ${i}`, email: `pupil${i}-${Date.now()}@example.org`, password });
      // A classroom's typos: twenty refused forms use up nothing.
      for (let i = 0; i < 20; i += 1) await t.http.post('/auth/signup').send(form(i, 'short')).expect(400);
      const pupils = Array.from({ length: 10 }, (_, i) => ({ ...form(100 + i, 'a long enough secret'), deviceId: `device-${i}-abcdefgh` }));
      for (const pupil of pupils) await t.http.post('/auth/signup').send(pupil).expect(201);
      expect((await t.http.post('/auth/signup').send(form(200, 'a long enough secret')).expect(429)).body.message).toMatch(/^too many sign-ups: 10 per hour/);

      // Someone at the same address fails thirty sign-ins: the address is braked for unknown devices…
      for (let i = 0; i < 30; i += 1) await t.http.post('/auth/signin').send({ email: `victim${i}@example.org`, password: 'guess-guess' }).expect(401);
      const [first] = pupils;
      await t.http.post('/auth/signin').send({ email: first!.email, password: first!.password, deviceId: 'a-new-device-1234' }).expect(429);
      // …but a pupil on the device they signed up with signs in with their right password.
      await t.http.post('/auth/signin').send({ email: first!.email, password: first!.password, deviceId: first!.deviceId }).expect(200);
    } finally {
      await t.close();
    }
  });

  it('answers /metrics only to this machine, or to a scraper bearing METRICS_TOKEN', async () => {
    const local = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await local.http.get('/metrics').expect(200);
      const forwarded = await local.http.get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      expect(forwarded.body.message).toMatch(/METRICS_TOKEN/);
    } finally {
      await local.close();
    }
    const token = 'a-scrape-token-of-some-length';
    const guarded = await startTestApp({ env: { METRICS_TOKEN: token } });
    try {
      expect((await guarded.http.get('/metrics').expect(403)).body).toMatchObject({ field: 'Authorization' });
      await guarded.http.get('/metrics').set('Authorization', `Bearer ${token}x`).expect(403);
      expect((await guarded.http.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200)).text).toContain('globetrail_');
    } finally {
      await guarded.close();
    }
  });

  it('limits new guest sessions per address (behind a trusted proxy, per forwarded address)', async () => {
    const t = await startTestApp({ env: { RATE_LIMIT_SCALE: '0.1', TRUST_PROXY: '1' } });
    try {
      for (let i = 0; i < 6; i += 1) await t.http.post('/auth/anonymous').set('X-Forwarded-For', '198.51.100.7').expect(201);
      const refused = await t.http.post('/auth/anonymous').set('X-Forwarded-For', '198.51.100.7').expect(429);
      expect(refused.body.message).toMatch(/^too many new guest sessions: 6 per hour are allowed; try again in \d+ s$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      await t.http.post('/auth/anonymous').set('X-Forwarded-For', '198.51.100.8').expect(201);
    } finally {
      await t.close();
    }
  });

  it('allows the configured sites to frame the game and to call the API', async () => {
    const t = await startTestApp({ env: { FRAME_ANCESTORS: 'https://partner.example', CORS_ORIGINS: 'https://partner.example', MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty' } });
    try {
      const page = await t.http.get('/').expect(200);
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'self' https://partner.example");
      expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.example\.org/);
      expect(page.headers['x-frame-options']).toBeUndefined();
      const allowed = await t.http.options('/user/create').set('Origin', 'https://partner.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'authorization');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
      const other = await t.http.options('/user/create').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('cuts off clients that never finish their headers or body, and caps connections per address, while others are served', async () => {
    const t = await startTestApp({ env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS_PER_ADDRESS: '8' } });
    const idle: Socket[] = [];
    try {
      const port = portOf(t);
      const [headers, body] = await Promise.all([
        rawExchange(port, 'GET /health/live HTTP/1.1\r\nHost: localhost\r\n'),
        rawExchange(port, 'POST /client-errors HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"kind":'),
      ]);
      expect(headers.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(body.answer).toMatch(/^HTTP\/1\.1 408/);

      for (let i = 0; i < 8; i += 1) idle.push(await openIdle(port));
      const ninth = await rawExchange(port, 'GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(ninth.answer).toBe('');
      idle.pop()!.destroy();
      await new Promise<void>((resolve) => {
        const check = () => void t.http.get('/health/live').then((response) => (response.status === 200 ? resolve() : setImmediate(check)), () => setImmediate(check));
        check();
      });
    } finally {
      for (const socket of idle) socket.destroy();
      await t.close();
    }
  });

  it('caps one player’s live connections and limits how fast they open', async () => {
    const t = await startTestApp({ env: { MAX_SOCKETS_PER_PLAYER: '3' } });
    const sockets: ClientSocket[] = [];
    try {
      const url = await t.app.getUrl();
      const player = await anonymousPlayer(t);
      const open = () =>
        new Promise<{ socket: ClientSocket; error: string | null }>((resolve) => {
          const socket = io(url, { auth: { token: player.token }, transports: ['websocket'], reconnection: false, forceNew: true });
          sockets.push(socket);
          socket.once('connect', () => resolve({ socket, error: null }));
          socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
        });
      for (let i = 0; i < 3; i += 1) expect((await open()).error).toBeNull();
      expect((await open()).error).toMatch(/^too_many_sockets: one player may hold 3 live connections/);
      const first = sockets[0]!;
      await new Promise<void>((resolve) => {
        first.once('disconnect', () => resolve());
        first.disconnect();
      });
      // The server sees the close a moment after the client does.
      let again = await open();
      while (again.error !== null) {
        expect(again.error).toMatch(/^too_many_sockets/);
        again = await open();
      }
      expect(again.error).toBeNull();
    } finally {
      for (const socket of sockets) socket.disconnect();
      await t.close();
    }
  });
});
