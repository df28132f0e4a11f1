import type { LatLng, MapPreview } from '@globetrail/contracts';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27: nothing one player does can flood what everyone shares. Games, challenges and map saves have
 * per-player limits (429 with Retry-After, then the next player is served as before), and the map editor's
 * picture preview is for a map's author only, with a limit of its own. At RATE_LIMIT_SCALE 1, as served.
 */

const places = (n: number): LatLng[] => Array.from({ length: n }, (_, i) => ({ lat: 43.6 + i / 200, lng: 1.44 + i / 200 }));
let ids = 0;
const newMapId = () => `limits-map-${++ids}-${Date.now()}`;

const challenge = { id: '', t: 'Limits', d: '', sd: null, ed: null, ip: false, nmpz: false, nm: false, hsn: true, rl: -1, gat: true, mlte: 0, rou: [], ppr: [], spr: [], nr: 1, mid: 'world', mn: 'World', mc: null, mmd: 20_037_500, dmdp1: 0, dmdp2: -1 };

describe('limits on what one player creates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => t.close());

  /** Sends `request` until it is refused; returns how many were accepted and the refusal. */
  async function untilRefused(request: () => Promise<{ status: number; headers: Record<string, string>; body: { code?: string; message?: string } }>, most: number) {
    for (let accepted = 0; accepted <= most; accepted++) {
      const response = await request();
      if (response.status === 429) return { accepted, refusal: response };
      expect(response.status).toBeLessThan(300);
    }
    throw new Error(`still accepted after ${most + 1}`);
  }

  it('starts 30 games in 10 minutes for a player, then says when to try again; another player still starts theirs', async () => {
    const fisher = await anonymousPlayer(t);
    const { accepted, refusal } = await untilRefused(() => t.http.post('/solo').set('Authorization', fisher.token).send({}), 40);
    expect(accepted).toBe(30);
    expect(refusal.body).toMatchObject({ code: 'rate_limited' });
    expect(refusal.body.message).toMatch(/^too many new games: 30 per 10 minutes are allowed; try again in \d+ s$/);
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0);
    // Live games count against the same allowance.
    await t.http.post('/games').set('Authorization', fisher.token).send({ gameT: 'D', mapId: 'world', listInLobby: false, mElo: null }).expect(429);
    const honest = await anonymousPlayer(t);
    await t.http.post('/solo').set('Authorization', honest.token).send({}).expect(201);
  });

  it('creates 20 challenges an hour for a player', async () => {
    const author = await signedUpPlayer(t);
    const { accepted, refusal } = await untilRefused(() => t.http.post('/challenges/add').set('Authorization', author.token).send(challenge), 25);
    expect(accepted).toBe(20);
    expect(refusal.body.message).toMatch(/^too many new challenges: 20 per hour/);
  });

  it('saves maps 60 times an hour for a player', async () => {
    const author = await signedUpPlayer(t);
    const mapId = newMapId();
    const { accepted, refusal } = await untilRefused(() => t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name: 'Saved often', locations: places(5) }), 70);
    expect(accepted).toBe(60);
    expect(refusal.body.message).toMatch(/^too many map saves: 60 per hour/);
  });

  it('previews pictures only for the author of the map being edited (or a new one of theirs), within a limit', async () => {
    const author = await signedUpPlayer(t);
    const other = await signedUpPlayer(t);
    const mapId = newMapId();
    await t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name: 'Mine', locations: places(5) }).expect(201);
    const at = { lat: 43.6766, lng: 4.6278 };
    const preview = (player: Player, id: string) => t.http.post('/maps/preview').set('Authorization', player.token).send({ mapId: id, ...at });
    expect(((await preview(author, mapId).expect(200)).body as MapPreview).source).toBe('offline');
    await preview(author, newMapId()).expect(200);
    expect((await preview(other, mapId).expect(403)).body).toMatchObject({ field: 'mapId' });
    expect((await preview(author, 'world').expect(403)).body).toMatchObject({ field: 'mapId' });
    expect((await t.http.post('/maps/preview').set('Authorization', author.token).send(at).expect(400)).body).toMatchObject({ field: 'mapId' });
    const guest = await anonymousPlayer(t);
    await preview(guest, newMapId()).expect(403);
    const { accepted, refusal } = await untilRefused(() => preview(author, mapId), 70);
    // The author's four requests above count too (the limit is counted before the request is read).
    expect(accepted).toBe(60 - 4);
    expect(refusal.body.message).toMatch(/^too many map editor previews: 60 per 10 minutes/);
  });
});
