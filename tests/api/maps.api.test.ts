import type { ApiError, LatLng, MapCoverage, MapEntry, MapPage, PlaceGuessResponse, SoloRoundView, StartSoloGameResponse, ToggleLikeResponse, WorldMaps } from '@globetrail/contracts';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let ada: Player;
let bob: Player;
let guest: Player;

beforeAll(async () => {
  t = await startTestApp();
  [ada, bob, guest] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bob'), await anonymousPlayer(t)];
});
afterAll(() => t.close());

/** n distinct places along a road in Occitanie. */
const places = (n: number, shift = 0): LatLng[] => Array.from({ length: n }, (_, i) => ({ lat: 43.6 + (i + shift) / 200, lng: 1.44 + (i + shift) / 200 }));
let ids = 0;
const newMapId = () => `map-test-${String(++ids).padStart(4, '0')}-${Date.now()}`;

const get = (path: string, player?: Player) => (player ? t.http.get(path).set('Authorization', player.token) : t.http.get(path));
const post = (path: string, player: Player | null, body: object) => (player ? t.http.post(path).set('Authorization', player.token) : t.http.post(path)).send(body);
const saveMap = (player: Player, mapId: string, body: object) => post(`/maps/postUpdate/${mapId}`, player, body);

describe('the preset maps, from open data', () => {
  it('lists the four world maps, World with over 100,000 real places, each with its source and licence', async () => {
    const { maps } = (await get('/maps/world/anon').expect(200)).body as WorldMaps;
    expect(maps.map((map) => map.mapId).sort()).toEqual(['arbitrary-rural-world', 'arbitrary-world', 'balanced-world', 'world']);
    const world = maps.find((map) => map.mapId === 'world')!;
    expect(world).toMatchObject({ mapName: 'World', official: true, creatorId: null, mc: 'places', coverage: 'world', countryStreakEligible: true });
    expect(world.loc).toBeGreaterThanOrEqual(100_000);
    for (const map of maps) {
      expect(map.copyright).toMatch(/GeoNames.*CC BY 4\.0/);
      expect(map).not.toHaveProperty('liked');
    }
  });

  it('pages the featured country maps in each sort, and names the path segment that is wrong', async () => {
    const first = (await get('/maps/featured/anon/0/10/name').expect(200)).body as MapPage;
    expect(first.maps).toHaveLength(10);
    expect(first.total).toBeGreaterThan(150);
    const names = first.maps.map((map) => map.mapName);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    const second = (await get('/maps/featured/anon/1/10/name').expect(200)).body as MapPage;
    expect(second.maps[0]!.mapName.localeCompare(names.at(-1)!, 'en')).toBeGreaterThan(0);
    const byLocations = ((await get('/maps/featured/anon/0/3/locations').expect(200)).body as MapPage).maps;
    expect(byLocations[0]!.loc).toBeGreaterThanOrEqual(byLocations[1]!.loc);
    expect(byLocations[0]).toMatchObject({ coverage: 'country', countryStreakEligible: false, regionalFocusByCountry: expect.stringMatching(/^[A-Z]{2}$/) });

    for (const [path, field] of [
      ['/maps/featured/anon/x/10/name', 'a'],
      ['/maps/featured/anon/0/0/name', 'b'],
      ['/maps/featured/anon/0/51/name', 'b'],
      ['/maps/featured/anon/0/10/bogus', 'c'],
      ['/maps/community/anon/-1/10/new', 'a'],
    ] as const) {
      expect((await get(path).expect(400)).body).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('finds maps by the start of a word, in either variant, and refuses a query too short to search', async () => {
    const found = (await get('/maps/search/anon/fran/0/10/name').expect(200)).body as MapPage;
    expect(found.maps.map((map) => map.mapName)).toContain('France');
    const signedIn = (await get('/maps/search/fran/0/10/name', ada).expect(200)).body as MapPage;
    expect(signedIn.maps.find((map) => map.mapName === 'France')).toMatchObject({ liked: false });
    expect((await get('/maps/search/anon/f/0/10/name').expect(400)).body).toMatchObject({ field: 'query' });
    expect((await get(`/maps/search/anon/${encodeURIComponent('côte d')}/0/10/name`).expect(200)).body).toMatchObject({ maps: [expect.objectContaining({ regionalFocusByCountry: 'CI' })] });
  });

  it('gives a map its entry, and 404 for a map it does not know', async () => {
    expect((await get('/maps/get/anon/country-fr').expect(200)).body).toMatchObject({ mapId: 'country-fr', mapName: 'France', regionalFocusByCountry: 'FR', official: true });
    expect((await get('/maps/get/anon/no-such-map').expect(404)).body).toMatchObject({ code: 'not_found' });
    expect((await get('/maps/get/country-fr').expect(401)).body).toMatchObject({ code: 'unauthenticated' });
  });

  it("answers a preset map's locations 10 at a time as 'lat,lng', by batch or at random (the same batch, the same 10)", async () => {
    const batch = (await get('/mapLoc/world/0').expect(200)).body as string[];
    expect(batch).toHaveLength(10);
    for (const text of batch) expect(text).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect((await get('/mapLoc/world/1').expect(200)).body).not.toEqual(batch);
    expect((await get('/mapLoc/world/999999').expect(200)).body).toEqual([]);
    const random = (await get('/randomLoc/world/7').expect(200)).body as string[];
    expect(random).toHaveLength(10);
    expect(new Set(random).size).toBe(10);
    expect((await get('/randomLoc/world/7').expect(200)).body).toEqual(random);
    expect((await get('/randomLoc/world/8').expect(200)).body).not.toEqual(random);
    expect((await get('/mapLoc/world/x').expect(400)).body).toMatchObject({ field: 'batch' });
    expect((await get('/mapLoc/no-such-map/0').expect(404)).body).toMatchObject({ code: 'not_found' });
  });

  it("gives the map tiles' copyright text", async () => {
    expect((await get('/map/googleapis/tile').expect(200)).body).toEqual({ copyright: expect.stringContaining('Natural Earth') });
  });
});

describe("players' maps", () => {
  it('are made and changed by signed-in players only, their author alone', async () => {
    const mapId = newMapId();
    const body = { name: 'Toulouse streets', description: 'Pink city', locations: places(6) };
    expect((await post(`/maps/postUpdate/${mapId}`, null, body).expect(401)).body).toMatchObject({ code: 'unauthenticated' });
    expect((await saveMap(guest, mapId, body).expect(403)).body).toMatchObject({ code: 'anonymous_not_allowed' });

    const created = (await saveMap(ada, mapId, body).expect(201)).body as MapEntry;
    expect(created).toMatchObject({ mapId, mapName: 'Toulouse streets', description: 'Pink city', loc: 6, creatorId: ada.profile.uid, creatorName: 'Ada', official: false, likes: 0, liked: false, regionalFocusByCountry: 'FR' });
    expect(JSON.stringify(created)).not.toContain('43.605');

    const renamed = (await saveMap(ada, mapId, { ...body, name: 'Toulouse', locations: undefined }).expect(200)).body as MapEntry;
    expect(renamed).toMatchObject({ mapName: 'Toulouse', loc: 6 });
    expect((await saveMap(ada, mapId, { ...body, locations: places(8, 50) }).expect(200)).body).toMatchObject({ loc: 8 });
    expect((await saveMap(bob, mapId, { ...body, name: 'Mine now' }).expect(403)).body).toMatchObject({ code: 'forbidden' });
    expect((await get(`/maps/get/anon/${mapId}`).expect(200)).body).toMatchObject({ mapName: 'Toulouse streets', loc: 8 });
    expect((await saveMap(ada, 'world', body).expect(403)).body).toMatchObject({ code: 'forbidden' });
  });

  it('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const mapId = newMapId();
    const good = { name: 'Bad input', locations: places(6) };
    const cases: Array<[object, string]> = [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(61) }, 'name'],
      [{ ...good, locations: places(4) }, 'locations'],
      [{ ...good, locations: [...places(5), { lat: 91, lng: 0 }] }, 'locations.5.lat'],
      [{ ...good, locations: [...places(5), { lat: 1, lng: 'east' }] }, 'locations.5.lng'],
      [{ ...good, locations: [...places(5), { lat: 1, lng: 2, pitch: 120 }] }, 'locations.5.pitch'],
      [{ ...good, locations: [...places(5), places(1)[0]] }, 'locations.5'],
      [{ name: 'No places' }, 'locations'],
      [{ ...good, categories: { coverage: 'galaxy' } }, 'categories.coverage'],
      [{ ...good, mapId: 'another-map-id' }, 'mapId'],
    ];
    for (const [body, field] of cases) expect({ field, body: (await saveMap(ada, mapId, body).expect(400)).body }).toMatchObject({ field, body: { code: 'validation_failed', field } });
    expect((await saveMap(ada, 'no', good).expect(400)).body).toMatchObject({ field: 'id' });
    expect((await get(`/maps/get/anon/${mapId}`).expect(404)).body).toMatchObject({ code: 'not_found' });
    expect(((await get('/maps/mymaps', ada).expect(200)).body as MapPage).maps.map((map) => map.mapId)).not.toContain(mapId);
  });

  it("keep their locations to their author: mapLoc and the editor's list", async () => {
    const mapId = newMapId();
    await saveMap(ada, mapId, { name: 'Secret spots', locations: places(12) }).expect(201);
    expect((await get(`/mapLoc/${mapId}/1`, ada).expect(200)).body).toEqual(places(12).slice(10).map((p) => `${p.lat},${p.lng}`));
    expect((await get(`/maps/locations/${mapId}`, ada).expect(200)).body).toEqual({ locations: places(12), editable: true });
    expect((await get(`/mapLoc/${mapId}/0`, bob).expect(403)).body).toMatchObject({ code: 'locations_private', field: 'mapId' });
    expect((await get(`/randomLoc/${mapId}/0`).expect(401)).body).toMatchObject({ code: 'unauthenticated' });
    expect((await get(`/maps/locations/${mapId}`, bob).expect(403)).body).toMatchObject({ code: 'locations_private' });
    expect((await get('/maps/locations/world', ada).expect(403)).body).toMatchObject({ code: 'locations_private' });
  });

  it('are liked and unliked, counted, listed, and safe to retry with `liked`', async () => {
    const mapId = newMapId();
    await saveMap(ada, mapId, { name: 'Likeable', locations: places(5) }).expect(201);
    expect((await post('/maps/togglelike', bob, { mapId }).expect(200)).body).toEqual({ mapId, liked: true, likes: 1 } satisfies ToggleLikeResponse);
    expect((await post('/maps/togglelike', bob, { mapId, liked: true }).expect(200)).body).toEqual({ mapId, liked: true, likes: 1 });
    expect((await post('/maps/togglelike', ada, { mapId }).expect(200)).body).toEqual({ mapId, liked: true, likes: 2 });
    expect(((await get('/maps/liked', bob).expect(200)).body as MapPage).maps).toEqual([expect.objectContaining({ mapId, likes: 2, liked: true })]);
    expect((await get(`/maps/get/${mapId}`, bob).expect(200)).body).toMatchObject({ liked: true, likes: 2 });
    expect((await post('/maps/togglelike', bob, { mapId }).expect(200)).body).toEqual({ mapId, liked: false, likes: 1 });
    expect(((await get('/maps/liked', bob).expect(200)).body as MapPage).maps).toEqual([]);
    expect((await post('/maps/togglelike', bob, { mapId: 'no-such-map' }).expect(404)).body).toMatchObject({ field: 'mapId' });
    expect((await post('/maps/togglelike', bob, {}).expect(400)).body).toMatchObject({ field: 'mapId' });
    expect((await post('/maps/togglelike', guest, { mapId }).expect(403)).body).toMatchObject({ code: 'anonymous_not_allowed' });
    expect((await post('/maps/togglelike', bob, { mapId: 'world' }).expect(200)).body).toMatchObject({ liked: true, likes: 1 });
    expect(((await get('/maps/world', bob).expect(200)).body as WorldMaps).maps.find((map) => map.mapId === 'world')).toMatchObject({ liked: true, likes: 1 });
  });

  it('are deleted by their author, never a preset map; a deleted map keeps no entry', async () => {
    const mapId = newMapId();
    await saveMap(ada, mapId, { name: 'Short lived', locations: places(5) }).expect(201);
    expect((await post(`/maps/delete/${mapId}`, bob, {}).expect(403)).body).toMatchObject({ code: 'forbidden' });
    expect((await post(`/maps/delete/${mapId}`, ada, { mapId: 'other' }).expect(400)).body).toMatchObject({ field: 'mapId' });
    expect((await post(`/maps/delete/${mapId}`, ada, { mapId }).expect(200)).body).toEqual({ mapId, deleted: true });
    expect((await post(`/maps/delete/${mapId}`, ada, {}).expect(200)).body).toEqual({ mapId, deleted: true });
    expect((await get(`/maps/get/anon/${mapId}`).expect(404)).body).toMatchObject({ code: 'map_deleted' });
    expect(((await get('/maps/community/anon/0/50/new').expect(200)).body as MapPage).maps.map((map) => map.mapId)).not.toContain(mapId);
    expect((await saveMap(ada, mapId, { name: 'Again', locations: places(5) }).expect(409)).body).toMatchObject({ code: 'map_deleted' });
    expect((await post('/maps/delete/world', ada, {}).expect(403)).body).toMatchObject({ code: 'forbidden' });
    expect((await post('/maps/delete/no-such-map', ada, {}).expect(404)).body).toMatchObject({ code: 'not_found' });
  });

  it("are taken down by a map admin (MAP_ADMINS), who still cannot delete a preset map", async () => {
    const first = await startTestApp();
    const [author, admin] = [await signedUpPlayer(first, 'Author'), await signedUpPlayer(first, 'Admin')];
    const mapId = newMapId();
    await first.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name: 'Spam', locations: places(5) }).expect(201);
    await first.stop();
    const moderated = await startTestApp({ dataDir: first.dataDir, env: { MAP_ADMINS: `someone-else,${admin.profile.uid}` } });
    try {
      const remove = (player: Player, id: string) => moderated.http.post(`/maps/delete/${id}`).set('Authorization', player.token).send({});
      expect((await remove(admin, 'world').expect(403)).body).toMatchObject({ code: 'forbidden' });
      expect((await remove(admin, mapId).expect(200)).body).toEqual({ mapId, deleted: true });
      expect((await moderated.http.get(`/maps/get/anon/${mapId}`).expect(404)).body).toMatchObject({ code: 'map_deleted' });
    } finally {
      await moderated.close();
    }
  });

  it('are listed among the community maps and as their author’s own', async () => {
    const mapId = newMapId();
    await saveMap(bob, mapId, { name: 'Bob’s bridges', locations: places(5) }).expect(201);
    expect(((await get('/maps/community/anon/0/50/new').expect(200)).body as MapPage).maps[0]).toMatchObject({ mapId, creatorName: 'Bob' });
    const mine = (await get('/maps/mymaps', bob).expect(200)).body as MapPage;
    expect(mine.maps.map((map) => map.mapId)).toContain(mapId);
    expect((await get('/maps/mymaps?pageSize=0', bob).expect(400)).body).toMatchObject({ field: 'pageSize' });
    expect((await get('/maps/mymaps', guest).expect(403)).body).toMatchObject({ code: 'anonymous_not_allowed' });
  });
});

describe('playing a map', () => {
  it("plays a player's map, and once fewer than 4 of its locations are fresh, rounds come from World (SPEC §5)", async () => {
    const mapId = newMapId();
    await saveMap(ada, mapId, { name: 'Five places', locations: places(5) }).expect(201);
    const game = (await post('/solo', bob, { mapId }).expect(201)).body as StartSoloGameResponse;
    expect(game).toMatchObject({ mapId, mapName: 'Five places' });
    expect(game.maxMapDistance).toBeLessThan(10_000);
    const rounds: SoloRoundView[] = [game.round];
    for (let roundIndex = 0; roundIndex < 4; roundIndex++) {
      await post(`/solo/${game.gameId}/guess`, bob, { roundIndex, guess: { lat: 43.6, lng: 1.44 } }).expect(200);
      rounds.push((await post(`/solo/${game.gameId}/rounds`, bob, { roundIndex: roundIndex + 1 }).expect(201)).body as SoloRoundView);
    }
    // 5 fresh, then 4: from the map; then 3: from World.
    expect(rounds.map((round) => round.fallback)).toEqual([false, false, true, true, true]);
    const view = (await get(`/solo/${game.gameId}`, bob).expect(200)).body as { rounds: Array<{ fallback?: boolean }> };
    expect(view.rounds.map((round) => round.fallback)).toEqual([false, false, true, true, true]);
    // Offline, a round shows the sample scene nearest its place; the result says where that was.
    const { result } = (await post(`/solo/${game.gameId}/guess`, bob, { roundIndex: 4, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
    expect(result.target).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(((await get(`/maps/get/anon/${mapId}`).expect(200)).body as MapEntry).plays).toBe(1);
  });

  it('refuses to play a map that is deleted or unknown, naming mapId', async () => {
    expect((await post('/solo', bob, { mapId: 'no-such-map' }).expect(404)).body).toMatchObject({ field: 'mapId' } satisfies Partial<ApiError>);
  });
});

describe('the map editor’s count of locations with pictures', () => {
  it('counts the locations with an offline picture within 25 km, for signed-in players, and names a bad field', async () => {
    const { LOCAL_IMAGES } = await import('../../services/src/app/tokens.js');
    const sample = (t.app.get(LOCAL_IMAGES) as { list(): Array<{ location: LatLng }> }).list()[0]!.location;
    // A sample place itself, 10 km from it, and the middle of the Pacific.
    const locations = [sample, { lat: sample.lat + 0.09, lng: sample.lng }, { lat: -20, lng: -140 }];
    const coverage = (await post('/maps/coverage', ada, { locations }).expect(200)).body as MapCoverage;
    expect(coverage).toEqual({ checked: 3, withPictures: 2, radiusMeters: 25_000, online: null });
    await post('/maps/coverage', null, { locations }).expect(401);
    expect(((await post('/maps/coverage', ada, { locations: [] }).expect(400)).body as ApiError).field).toBe('locations');
    expect(((await post('/maps/coverage', ada, { locations: [{ lat: 91, lng: 0 }] }).expect(400)).body as ApiError).field).toBe('locations.0.lat');
  });
});
