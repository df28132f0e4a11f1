import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  DEFAULT_MAX_MAP_DISTANCE_METERS,
  type GeneratorRunView,
  generatorRunViewSchema,
  type ImageryStatus,
  type LatLng,
  type MapEntry,
  mapEntrySchema,
  type PlaceGuessResponse,
  type StartSoloGameResponse,
} from '@globetrail/contracts';
import { geoContains } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { generatedMap, runUntil, servingOnline, startRun, viewRun } from '../support/generator.js';
import { type StandIn, startStandIn } from '../support/imagery-stand-ins.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** France as world-atlas draws it, read here straight from the package to check the server's points. */
const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{ countries: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
const france = countries.features.find((country) => country.properties.name === 'France')!.geometry;
const inFrance = (point: LatLng) => geoContains(france, [point.lng, point.lat]);

let standIn: StandIn;
let t: TestApp;
let ada: Player;
let bob: Player;

beforeAll(async () => {
  standIn = await startStandIn('panoramax');
  t = await startTestApp({ env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base } });
  [ada, bob] = [await signedUpPlayer(t, 'Ada'), await anonymousPlayer(t)];
  await servingOnline(t, 'panoramax');
});
afterAll(async () => {
  standIn.release();
  await t.close();
  await standIn.close();
});

const post = (path: string, who: Player | null, body: object = {}) => {
  const call = t.http.post(path).send(body);
  return who ? call.set('Authorization', who.token) : call;
};
const france10 = { provider: 'panoramax', limit: 10, region: 'FR' } as const;

/** Every way a position could be written in a response, to 3 decimals. */
const needles = (at: LatLng) => [at.lat.toFixed(3), at.lng.toFixed(3)];

describe('the generator over HTTP', () => {
  it('finds 10 places with pictures in France: the pictures’ own positions, every one inside France', async () => {
    const searchesBefore = standIn.requests.filter((path) => path.startsWith('/api/search')).length;
    const started = await startRun(t, ada, france10);
    expect(generatorRunViewSchema.parse(started)).toMatchObject({ provider: 'panoramax', region: 'FR', limit: 10, error: null, mapId: null });

    const run = await runUntil(t, ada, started.runId);
    expect(run).toMatchObject({ runId: started.runId, status: 'done', found: 10, error: null, mapId: null });
    expect(run.points).toHaveLength(10);
    expect(run.points.filter((point) => !inFrance(point))).toEqual([]);
    expect(run.tried).toBeGreaterThanOrEqual(10);
    expect(run.elapsedMs).toBeGreaterThan(0);
    expect(run.ratePerSecond).toBeGreaterThan(0);

    // Each point is a picture the provider handed out, at the picture's position (the stand-in puts it
    // 150 m from the point searched), found within 1 km of a random point.
    const handedOut = [...standIn.pictures.values()];
    for (const point of run.points) expect(handedOut.some((at) => at.lat === point.lat && at.lng === point.lng)).toBe(true);
    const searches = standIn.requests.filter((path) => path.startsWith('/api/search')).slice(searchesBefore);
    expect(searches.length).toBeGreaterThanOrEqual(10);
    expect(searches.every((path) => path.includes('place_distance=0-1000'))).toBe(true);
  });

  it('stops a run when asked and keeps what it found', async () => {
    const started = await startRun(t, ada, { provider: 'panoramax', limit: 500, region: 'FR' });
    await runUntil(t, ada, started.runId, (run) => run.found >= 5);
    standIn.holdSearches();
    try {
      const stopped = (await post(`/generator/runs/${started.runId}/stop`, ada).expect(200)).body as GeneratorRunView;
      expect(stopped.status).toBe('stopped');
      expect(stopped.found).toBeGreaterThanOrEqual(5);
      expect(stopped.found).toBeLessThan(500);
      standIn.release();
      const later = await viewRun(t, ada, started.runId);
      expect(later).toMatchObject({ status: 'stopped', found: stopped.found, tried: stopped.tried });
      // Stopping again changes nothing.
      expect((await post(`/generator/runs/${started.runId}/stop`, ada).expect(200)).body).toMatchObject({ status: 'stopped', found: stopped.found });
    } finally {
      standIn.release();
    }
  });

  describe('a saved map', () => {
    let run: GeneratorRunView;
    let map: MapEntry;
    beforeAll(async () => {
      ({ run, map } = await generatedMap(t, ada, france10, '  Roads of France  '));
    });

    it('is saved once from its run, whatever is asked after', async () => {
      expect(mapEntrySchema.parse(map)).toMatchObject({ mapId: map.mapId, mapName: 'Roads of France', loc: 10, mc: 'pictures', regionalFocusByCountry: 'FR', creatorId: ada.profile.uid, official: false });
      const again = (await post(`/generator/runs/${run.runId}/map`, ada, { name: 'Another name' }).expect(201)).body as MapEntry;
      expect(again).toEqual(map);
      expect((await viewRun(t, ada, run.runId)).mapId).toBe(map.mapId);
      expect((await t.http.get(`/maps/get/anon/${map.mapId}`).expect(200)).body).toEqual(map);
    });

    it('is summarised without its locations', async () => {
      const text = JSON.stringify((await t.http.get(`/maps/get/anon/${map.mapId}`).expect(200)).body);
      for (const point of run.points) for (const needle of needles(point)) expect(text).not.toContain(needle);
    });

    it('plays single-player rounds on its pictures, scored by its own size, and the start says nothing of the target', async () => {
      const game = (await post('/solo', bob, { mapId: map.mapId }).expect(201)).body as StartSoloGameResponse;
      expect(game).toMatchObject({ mapId: map.mapId, mapName: 'Roads of France' });
      expect(game.maxMapDistance).toBeLessThan(DEFAULT_MAX_MAP_DISTANCE_METERS);
      const { result } = (await post(`/solo/${game.gameId}/guess`, bob, { roundIndex: 0, guess: { lat: 46.5, lng: 2.5 } }).expect(200)).body as PlaceGuessResponse;
      expect(run.points).toContainEqual(result.target);
      const start = JSON.stringify(game);
      for (const needle of needles(result.target)) expect(start).not.toContain(needle);
    });

    it("is listed among the players' maps, and no map it does not know", async () => {
      const community = (await t.http.get('/maps/community/anon/0/50/new').expect(200)).body as { maps: MapEntry[] };
      expect(community.maps.map((entry) => entry.mapId)).toContain(map.mapId);
      expect((await t.http.get('/maps/get/anon/no-such-map').expect(404)).body).toMatchObject({ code: 'not_found' });
      expect((await post('/solo', bob, { mapId: 'no-such-map' }).expect(404)).body).toMatchObject({ field: 'mapId' });
    });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.http.get('/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const path of ['/generator/runs', '/generator/runs/{runId}', '/generator/runs/{runId}/stop', '/generator/runs/{runId}/map', '/maps/get/anon/{id}']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/generator/runs']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429', '503']));
  });

  describe('refuses', () => {
    it('bad input with a 400 naming the field', async () => {
      const cases: Array<[object, string]> = [
        [{ ...france10, limit: 4 }, 'limit'],
        [{ ...france10, limit: 501 }, 'limit'],
        [{ ...france10, region: 'fr' }, 'region'],
        [{ ...france10, region: 'ZZ' }, 'region'],
        [{ ...france10, region: 'UK' }, 'region'],
        [{ ...france10, provider: 'google' }, 'provider'],
        [{ ...france10, region: 'polygon' }, 'polygon'],
        [{ ...france10, polygon: [{ lat: 1, lng: 1 }, { lat: 2, lng: 2 }, { lat: 3, lng: 1 }] }, 'polygon'],
        [{ ...france10, region: 'polygon', polygon: [{ lat: 0, lng: 0 }, { lat: 1, lng: 1 }, { lat: 2, lng: 2 }] }, 'polygon'],
        [{ ...france10, region: 'polygon', polygon: [{ lat: 95, lng: 0 }, { lat: 1, lng: 1 }, { lat: 2, lng: 0 }] }, 'polygon.0.lat'],
      ];
      for (const [body, field] of cases) {
        const response = await post('/generator/runs', ada, body).expect(400);
        expect({ body, error: response.body }).toMatchObject({ body, error: { statusCode: 400, code: 'validation_failed', field } });
      }
    });

    it('a provider this server does not search, with a 409 naming provider', async () => {
      expect((await post('/generator/runs', ada, { ...france10, provider: 'mapillary' }).expect(409)).body).toMatchObject({
        code: 'provider_not_configured',
        field: 'provider',
        message: expect.stringContaining('panoramax'),
      });
    });

    it('callers without a token', async () => {
      await post('/generator/runs', null, france10).expect(401);
    });

    it("someone else's run: it reads as not found, and cannot be stopped or saved", async () => {
      const run = await startRun(t, ada, { provider: 'panoramax', limit: 5, region: 'polygon', polygon: [{ lat: 45, lng: 5 }, { lat: 45, lng: 6 }, { lat: 46, lng: 6 }] });
      await runUntil(t, ada, run.runId);
      await t.http.get(`/generator/runs/${run.runId}`).set('Authorization', bob.token).expect(404);
      await post(`/generator/runs/${run.runId}/stop`, bob).expect(404);
      expect((await post(`/generator/runs/${run.runId}/map`, bob, { name: 'Mine now' }).expect(404)).body).toMatchObject({ code: 'not_found' });
      await t.http.get('/generator/runs/no-such-run').set('Authorization', ada.token).expect(404);
      expect((await viewRun(t, ada, run.runId)).mapId).toBeNull();
    });

    it('saving a run that is still running, or found fewer than 5 places, or with a bad name', async () => {
      standIn.holdSearches();
      try {
        const run = await startRun(t, ada, france10);
        expect((await post(`/generator/runs/${run.runId}/map`, ada, { name: 'Too soon' }).expect(409)).body).toMatchObject({ code: 'run_not_finished' });
        await post(`/generator/runs/${run.runId}/stop`, ada).expect(200);
        expect((await post(`/generator/runs/${run.runId}/map`, ada, { name: 'Empty' }).expect(409)).body).toMatchObject({ code: 'not_enough_locations' });
        expect((await post(`/generator/runs/${run.runId}/map`, ada, { name: '   ' }).expect(400)).body).toMatchObject({ field: 'name' });
        expect((await post(`/generator/runs/${run.runId}/map`, ada, { name: 'x'.repeat(61) }).expect(400)).body).toMatchObject({ field: 'name' });
      } finally {
        standIn.release();
      }
    });

    it('more than 2 running runs a player, and more than 8 in all, with a 429', async () => {
      standIn.holdSearches();
      const runs: Array<[Player, string]> = [];
      try {
        const players = [ada, bob, await anonymousPlayer(t), await anonymousPlayer(t)];
        for (const player of players) {
          for (let i = 0; i < 2; i++) runs.push([player, (await startRun(t, player, france10)).runId]);
        }
        expect((await post('/generator/runs', ada, france10).expect(429)).body).toMatchObject({ code: 'too_many_runs' });
        const latecomer = await anonymousPlayer(t);
        expect((await post('/generator/runs', latecomer, france10).expect(429)).body).toMatchObject({ code: 'generator_busy' });
        const [owner, runId] = runs.pop()!;
        await post(`/generator/runs/${runId}/stop`, owner).expect(200);
        await startRun(t, latecomer, france10).then((run) => runs.push([latecomer, run.runId]));
      } finally {
        for (const [owner, runId] of runs) await post(`/generator/runs/${runId}/stop`, owner).expect(200);
        standIn.release();
      }
    });
  });
});

describe('the generator with its provider down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: the first probe fails and the provider is known down.
    down = await startTestApp({ env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: 'http://127.0.0.1:9' } });
    const deadline = Date.now() + 15_000;
    while (((await down.http.get('/imagery/status').expect(200)).body as ImageryStatus).status !== 'down') {
      if (Date.now() > deadline) throw new Error('the unreachable provider was never found down');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => down.close());

  it('answers 503 imagery_unavailable rather than starting a run', async () => {
    const player = await anonymousPlayer(down);
    const response = await down.http.post('/generator/runs').set('Authorization', player.token).send(france10).expect(503);
    expect(response.body).toMatchObject({ code: 'imagery_unavailable', message: expect.stringContaining('panoramax') });
  });
});

describe('the generator on a server with offline pictures only', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await startTestApp();
  });
  afterAll(() => offline.close());

  it('answers 409 provider_not_configured naming provider', async () => {
    const player = await anonymousPlayer(offline);
    const response = await offline.http.post('/generator/runs').set('Authorization', player.token).send(france10).expect(409);
    expect(response.body).toMatchObject({ code: 'provider_not_configured', field: 'provider', message: expect.stringContaining('offline') });
  });
});
