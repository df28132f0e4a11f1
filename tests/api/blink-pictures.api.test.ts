import type { Challenge, ChallengeRoundView } from '@globetrail/contracts';
import { LiveClient } from '../support/live-client.js';
import { type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A Blink round's picture is the server's to show for the round's seconds only (docs/security.md): it is
 * not served before the player's Start, nor after it hid (a reload or a second tab cannot bring it back),
 * and browsers are told not to keep it.
 */
/** The real clock: a picture's first request must arrive within its few seconds, even on a loaded machine. */
const SPEED = 1;
const GRACE_MS = 3_000;
let t: TestApp;
let ada: Player;
let bob: Player;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { CLOCK_SPEED: String(SPEED) } });
  [ada, bob] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bob')];
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

/** Fetches the picture until it is refused (bounded): the status it ended on and how long it took (real ms). */
async function untilRefused(url: string, started: number, boundMs: number): Promise<{ status: number; code: string | undefined; afterMs: number }> {
  for (;;) {
    const response = await t.http.get(url);
    if (response.status !== 200 || Date.now() - started > boundMs) return { status: response.status, code: response.body?.code, afterMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function challenge(overrides: object): Promise<Challenge> {
  const body = { id: '', t: 'Blink', d: '', sd: null, ed: null, ip: false, nmpz: false, nm: false, hsn: true, gat: false, mlte: 0, rou: [], ppr: [], spr: [], nr: 1, mid: 'world', mn: 'World', mc: null, mmd: 20_037_500, dmdp1: 0, dmdp2: -1, ...overrides };
  const created = await t.http.post('/challenges/add').set('Authorization', ada.token).send(body).expect(201);
  await t.http.post('/challenges/join').set('Authorization', bob.token).send({ id: created.body.id }).expect(200);
  return created.body as Challenge;
}

const startRound = async (id: string) => (await t.http.post(`/challenge/${id}/round`).set('Authorization', bob.token).send({ roundNumber: 0 }).expect(201)).body as ChallengeRoundView;

describe("a Blink challenge round's picture", () => {
  it('is served, not to be kept, while it shows, and refused with 410 once it hid', async () => {
    const blink = await challenge({ rl: 2 });
    const started = Date.now();
    const round = await startRound(blink.id);
    const shown = await t.http.get(round.panoramaUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');

    const refused = await untilRefused(round.panoramaUrl, started, 20_000);
    expect(refused).toMatchObject({ status: 410, code: 'picture_hidden' });
    // Never before the round's own seconds are over (counted from before the round was asked for).
    expect(refused.afterMs).toBeGreaterThanOrEqual(2_000 / SPEED);
  }, 40_000);

  it('leaves other timed rounds alone: their picture is served after their time, and may be cached', async () => {
    const timed = await challenge({ rl: 5 });
    const round = await startRound(timed.id);
    expect((await t.http.get(round.panoramaUrl)).headers['cache-control']).toBe('private, max-age=86400, immutable');
    await new Promise((resolve) => setTimeout(resolve, (5_000 + GRACE_MS) / SPEED + 200));
    expect((await t.http.get(round.panoramaUrl)).status).toBe(200);
  }, 40_000);
});

describe("a live Blink round's picture", () => {
  it('is refused before any Start (403), served from a Start, refused once that player’s picture hid (410)', async () => {
    const gameId = (await t.http.post('/games').set('Authorization', ada.token).send({ gameT: 'D', nr: 1, rl: 2 }).expect(201)).body.gameId as string;
    const seats = [await LiveClient.connect(t, ada), await LiveClient.connect(t, bob)];
    clients.push(...seats);
    for (const seat of seats) await seat.ok('JoinGame', { gameId });
    for (const seat of seats) await seat.ok('SetReady', { gameId, ready: true });
    const view = await seats[0]!.until(gameId, (v) => v.status === 'SED' && v.cr === 0, 'round 0');
    expect(view.bl).toBe(true);
    const url = view.rounds[0]!.pano!.url;

    expect((await t.http.get(url)).body).toMatchObject({ statusCode: 403, code: 'picture_not_shown' });
    const started = Date.now();
    await seats[0]!.ok('StartViewing', { gameId, roundIndex: 0 });
    const shown = await t.http.get(url);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const refused = await untilRefused(url, started, 20_000);
    expect(refused).toMatchObject({ status: 410, code: 'picture_hidden' });
    expect(refused.afterMs).toBeGreaterThanOrEqual(2_000 / SPEED);
  }, 60_000);
});
