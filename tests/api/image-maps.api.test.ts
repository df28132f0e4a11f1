import { createCanvas } from '@napi-rs/canvas';
import type { LatLng, MapEntry, PlaceGuessResponse, StartSoloGameResponse, UploadedPicture } from '@globetrail/contracts';
import { leakyJpeg } from '../support/imagery-stand-ins.js';
import { anonymousPlayer, type Player, startTestApp, type TestApp } from '../support/test-app.js';

/** Five of the author's own places, far from the sample set's. */
const places: LatLng[] = [
  { lat: -54.8019, lng: -68.303 },
  { lat: 78.2232, lng: 15.6267 },
  { lat: -77.8419, lng: 166.6863 },
  { lat: -9.4438, lng: 147.1803 },
  { lat: 64.1466, lng: -21.9426 },
];

let t: TestApp;
let author: Player;
let stranger: Player;

beforeAll(async () => {
  t = await startTestApp();
  [author, stranger] = [await anonymousPlayer(t), await anonymousPlayer(t)];
});
afterAll(() => t.close());

function upload(player: Player, at: LatLng, jpeg: Buffer, heading = 45) {
  return t.http.post(`/maps/pictures?lat=${at.lat}&lng=${at.lng}&heading=${heading}`).set('Authorization', player.token).set('Content-Type', 'image/jpeg').send(jpeg);
}

describe('image maps', () => {
  it("plays an author's own pictures, served without their metadata, and keeps them out of the world map", async () => {
    const ids: string[] = [];
    for (const [i, at] of places.entries()) {
      const response = await upload(author, at, await leakyJpeg(at, `author-picture-${i}`)).expect(201);
      ids.push((response.body as UploadedPicture).pictureId);
    }
    // Out of the shared pool: a shared location at one of them finds none of the author's pictures.
    const shared = (await t.http.post('/solo').set('Authorization', stranger.token).send({ at: places[4] })).body as { round?: unknown; code?: string };
    expect(shared.code).toBe('no_imagery');

    const map = (await t.http.post('/maps').set('Authorization', author.token).send({ name: 'My far places', pictureIds: ids }).expect(201)).body as MapEntry;
    expect(map).toMatchObject({ mapName: 'My far places', loc: 5, mc: 'image', creatorId: author.session.user.uid });
    expect(JSON.stringify(map)).not.toContain(String(places[1]!.lat));

    // Anyone may play it; each round is one of the author's pictures, as it is.
    const game = (await t.http.post('/solo').set('Authorization', stranger.token).send({ mapId: map.mapId }).expect(201)).body as StartSoloGameResponse;
    expect(game).toMatchObject({ mapId: map.mapId, mapName: 'My far places' });
    const startText = JSON.stringify(game);
    for (const at of places) expect(startText).not.toContain(at.lat.toFixed(3));
    const picture = await t.http.get(new URL(game.round.panoramaUrl, 'http://x').pathname).buffer(true).expect(200);
    const bytes = (picture.body as Buffer).toString('latin1');
    expect(bytes).not.toContain('author-picture');
    expect(bytes).not.toContain('Exif\0\0');
    const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', stranger.token).send({ roundIndex: 0, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
    expect(places).toContainEqual(result.target);
  });

  it('refuses what is not a 2:1 JPEG, bad coordinates and other content types, naming the field', async () => {
    const at = places[0]!;
    const square = await createCanvas(256, 256).encode('jpeg');
    await expect(upload(author, at, square).then((r) => r.body)).resolves.toMatchObject({ statusCode: 400, field: 'body', message: expect.stringContaining('256 × 256') });
    await expect(upload(author, at, Buffer.from('GIF89a not a jpeg')).then((r) => r.body)).resolves.toMatchObject({ statusCode: 400, field: 'body' });
    await expect(upload(author, { lat: 91, lng: 0 }, await leakyJpeg(at, 'x')).then((r) => r.body)).resolves.toMatchObject({ statusCode: 400, field: 'lat' });
    const png = await t.http.post(`/maps/pictures?lat=1&lng=1`).set('Authorization', author.token).set('Content-Type', 'image/png').send(await createCanvas(64, 32).encode('png'));
    expect(png.body).toMatchObject({ statusCode: 415, code: 'unsupported_media_type', field: 'body' });
    await t.http.post(`/maps/pictures?lat=1&lng=1`).set('Content-Type', 'image/jpeg').send(await leakyJpeg(at, 'x')).expect(401);
  });

  it("refuses a map of someone else's pictures, too few pictures or the same one twice", async () => {
    const mine = [];
    for (const at of places) mine.push(((await upload(author, at, await leakyJpeg(at, 'y')).expect(201)).body as UploadedPicture).pictureId);
    const theirs = ((await upload(stranger, places[0]!, await leakyJpeg(places[0]!, 'z')).expect(201)).body as UploadedPicture).pictureId;
    const create = (player: Player, pictureIds: string[]) => t.http.post('/maps').set('Authorization', player.token).send({ name: 'x', pictureIds });
    expect((await create(stranger, mine)).body).toMatchObject({ statusCode: 400, field: 'pictureIds', message: expect.stringContaining('not pictures you uploaded') });
    expect((await create(author, [...mine.slice(0, 4), theirs])).body).toMatchObject({ statusCode: 400, field: 'pictureIds' });
    expect((await create(author, mine.slice(0, 4))).body).toMatchObject({ statusCode: 400, field: 'pictureIds' });
    expect((await create(author, [...mine.slice(0, 4), mine[0]!])).body).toMatchObject({ statusCode: 400, field: 'pictureIds', message: expect.stringContaining('twice') });
  });
});
