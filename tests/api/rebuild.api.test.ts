import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelCollections } from '@globetrail/contracts';
import { EVENT_STORE, PROJECTIONS } from '../../services/src/app/tokens.js';
import type { ProjectionsPort } from '../../services/src/projections/projections.js';
import { ada as adaFixture, arena, bob as bobFixture, places as fixturePlaces } from '../../services/src/domain/game/game.fixtures.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { SqliteEventStore } from '../../services/src/platform/event-store/sqlite-event-store.js';
import { SqliteReadStore } from '../../services/src/platform/read-store/sqlite-read-store.js';
import { allProjections } from '../../services/src/projections/all-projections.js';
import { Projections } from '../../services/src/projections/projections.js';
import { generatedMap, servingOnline } from '../support/generator.js';
import { startStandIn } from '../support/imagery-stand-ins.js';
import { LiveClient } from '../support/live-client.js';
import { playRounds, submitScore } from '../support/play.js';
import { anonymousPlayer, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

describe('rebuilding every projection from position 0', () => {
  it('gives exactly the documents the live projections hold', async () => {
    // An online provider (a stand-in) so that the generator can save a map.
    const standIn = await startStandIn('panoramax');
    const t = await startTestApp({ env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base } });
    try {
      await servingOnline(t, 'panoramax');
      await playEverything(t);
    } finally {
      await t.stop();
      await standIn.close();
    }

    const events = SqliteEventStore.open(join(t.dataDir, 'events.sqlite'));
    const live = SqliteReadStore.open(join(t.dataDir, 'read-models.sqlite'));
    const rebuiltDir = mkdtempSync(join(tmpdir(), 'globetrail-rebuild-'));
    const rebuilt = SqliteReadStore.open(join(rebuiltDir, 'read-models.sqlite'));
    const projections = new Projections(allProjections, events, rebuilt);
    try {
      await projections.start();
      const [head] = await events.readAll({ direction: 'backwards', maxCount: 1 });
      // From nothing: the preset maps' 300,000 locations take seconds, longer than a command's wait.
      await Promise.all(allProjections.map((projection) => projections.runner(projection.name).waitFor(head!.position, 120_000)));
      for (const collection of Object.values(readModelCollections)) {
        const everything = { sort: [['id', 'asc']] as Array<[string, 'asc']> };
        const expected = await live.list(collection, everything);
        expect({ collection, empty: expected.length === 0 }).toEqual({ collection, empty: false });
        expect({ collection, documents: await rebuilt.list(collection, everything) }).toEqual({ collection, documents: expected });
      }
    } finally {
      await projections.stop();
      await Promise.all([events.close(), live.close(), rebuilt.close()]);
      rmSync(rebuiltDir, { recursive: true, force: true });
      rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});

/** Every kind of document: solo rounds and scores, an upgraded and a deleted player, a waiting lobby duel, saved, changed, liked and deleted maps, challenges. */
async function playEverything(t: TestApp): Promise<void> {
  const players = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bo'), await anonymousPlayer(t)];
  for (const player of players) {
    for (const played of await playRounds(t, player, [{ lat: 0, lng: 0 }, { lat: 20, lng: 30 }])) {
      if (!player.profile.isAnonymous) await submitScore(t, player, played);
    }
  }
  const upgraded = await t.http.post('/auth/signup').set('Authorization', players[2]!.token).send({ name: 'Cy', email: `cy-${Date.now()}@example.org`, password: 'secret-one' }).expect(201);
  await t.http.post('/user/create').set('Authorization', upgraded.body.idToken).expect(201);
  // SPEC §8 reports: a Developer Tools report and a client failure (operator-reports).
  await t.http.post('/user/cheating-report').set('Authorization', players[0]!.token).send({}).expect(200);
  await t.http.post('/client-errors').send({ kind: 'error', name: 'TypeError', message: 'x is undefined', stack: null, page: '/#/', release: 'test' }).expect(202);
  // A rename (UserRenamed) before the deletion.
  const renamed = await t.http.post('/auth/profile').set('Authorization', players[0]!.token).send({ name: 'Ada L.' }).expect(200);
  await t.http.post('/user/create').set('Authorization', renamed.body.idToken).expect(201);
  await t.http.get('/user/delete').set('Authorization', players[1]!.token).expect(200);
  // A lobby duel waiting for its opponent: a live game and an open duel.
  const duel = (await t.http.post('/games').set('Authorization', players[0]!.token).send({ gameT: 'D', listInLobby: true }).expect(201)).body.gameId as string;
  const host = await LiveClient.connect(t, players[0]!);
  await host.ok('JoinGame', { gameId: duel });
  await host.ok('PostChat', { gameId: duel, text: 'anyone?' });
  host.close();
  const japan = (await generatedMap(t, players[0]!, { provider: 'panoramax', limit: 5, region: 'JP' }, 'Japan')).map.mapId;
  // Maps made in the editor: changed, liked, one liked then unliked, one deleted; and a like of a preset map.
  const ada = players[0]!;
  const places = (shift: number) => Array.from({ length: 6 }, (_, i) => ({ lat: 45 + (i + shift) / 100, lng: 5 + i / 100, heading: 10 * i }));
  const save = (mapId: string, body: object) => t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', ada.token).send(body);
  await save('rebuild-map-0001', { name: 'Alpine villages', locations: places(0) }).expect(201);
  await save('rebuild-map-0001', { name: 'Alpine towns', description: 'Higher up', locations: places(3) }).expect(200);
  await save('rebuild-map-0002', { name: 'Gone soon', locations: places(10) }).expect(201);
  const like = (mapId: string, liked: boolean) => t.http.post('/maps/togglelike').set('Authorization', ada.token).send({ mapId, liked }).expect(200);
  await like('rebuild-map-0001', true);
  await like('world', true);
  await like(japan, true);
  await like('rebuild-map-0002', true);
  await like(japan, false);
  await t.http.post('/maps/delete/rebuild-map-0002').set('Authorization', ada.token).send({}).expect(200);
  await t.http.post('/solo').set('Authorization', ada.token).send({ mapId: 'rebuild-map-0001' }).expect(201);
  // A challenge played through, rated, commented on and left; the day's dailies; the streaks.
  const cy = upgraded.body.idToken as string;
  const challenge = (await t.http.post('/challenges/add').set('Authorization', ada.token).send({ t: 'Two rounds', mid: 'world', nr: 2 }).expect(201)).body.id as string;
  await t.http.post('/challenges/join').set('Authorization', cy).send({ id: challenge }).expect(200);
  for (const roundNumber of [0, 1]) {
    await t.http.post(`/challenge/${challenge}/round`).set('Authorization', cy).send({ roundNumber }).expect(201);
    await t.http.post('/challenges/addScore').set('Authorization', cy).send({ id: challenge, roundNumber, guessLoc: '10,10' }).expect(200);
  }
  await t.http.post('/challenges/rate').set('Authorization', cy).send({ challengeId: challenge, rating: 5 }).expect(200);
  await t.http.post('/challenges/addComment').set('Authorization', cy).send({ challengeId: challenge, roundNumber: 1, comment: 'Tricky' }).expect(201);
  await t.http.post('/challenges/leave').set('Authorization', cy).expect(200);
  await t.http.get('/challenges/daily').expect(200);
  await t.http.get('/user/DailyVisitStreak').set('Authorization', ada.token).expect(200);
  // A duel played to its knockout (duel-history), appended as the game's decider decided it.
  const knockout = arena(adaFixture, bobFixture, { s_hp: 100 }).startRound().guess('ada', fixturePlaces.paris).guess('bob', fixturePlaces.tokyo);
  const appended = await t.app.get<EventStore>(EVENT_STORE).append('game-rebuild-duel', knockout.events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } })), 'no_stream');
  // Projected live before the app stops, as a command's read models are before it answers.
  await t.app.get<ProjectionsPort>(PROJECTIONS).waitFor(appended.position);
}
