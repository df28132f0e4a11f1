import { readFile } from 'node:fs/promises';
import type { EditorLocations, MapEntry } from '@globetrail/contracts';
import type { Page } from 'playwright-core';
import { type E2E, openSignedIn, soloView, startE2E } from '../support/e2e.js';
import { type Player, signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
let author: Player;
beforeAll(async () => {
  e2e = await startE2E();
  author = await signedUpPlayer(e2e.t, 'Mapmaker');
});
afterAll(() => e2e.close());

const count = async (page: Page) => Number(await page.getByTestId('editor-map').getAttribute('data-locations'));
const mapIdOf = (page: Page) => /#\/mapEditor\/([^/?]+)$/.exec(page.url())![1]!;
const editorLocations = async (mapId: string) => ((await e2e.t.http.get(`/maps/locations/${mapId}`).set('Authorization', author.token).expect(200)).body as EditorLocations).locations;

/** Saves and waits for the server's answer and the editor to say everything is saved. */
async function save(page: Page): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().includes('/maps/postUpdate/') && response.ok());
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await page.getByTestId('editor-status').getByText('All changes saved').waitFor();
}

describe('the map editor in Chromium', () => {
  it('builds a map of 20 locations by clicking, exports it, refuses a broken file, imports the export as a new map and plays it', async () => {
    const { page, context, errors } = await openSignedIn(e2e, author, '/#/mapEditor/new');
    const map = page.getByTestId('editor-map');
    await page.locator('[data-testid="editor-map"][data-loaded]').waitFor();
    const box = (await map.boundingBox())!;

    // 20 clicks on a grid wide enough apart that no click lands on a location already placed.
    for (let row = 0; row < 4; row++) {
      for (let column = 0; column < 5; column++) {
        const before = await count(page);
        await page.mouse.click(box.x + box.width * (0.15 + column * 0.17), box.y + box.height * (0.2 + row * 0.18));
        await page.locator(`[data-testid="editor-map"][data-locations="${before + 1}"]`).waitFor();
      }
    }
    expect(await page.getByTestId('editor-count').innerText()).toContain('20 locations');
    // The last one added is selected, with its position shown.
    await page.getByTestId('editor-selected-position').waitFor();

    await page.getByLabel('Name').fill('Twenty places');
    await save(page);
    await page.waitForFunction(() => /^#\/mapEditor\/[0-9a-f-]{36}$/.test(location.hash));
    const firstId = mapIdOf(page);
    const first = await editorLocations(firstId);
    expect(first).toHaveLength(20);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export (map-making.app)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('twenty-places.json');
    const exported = await readFile((await file.path())!, 'utf8');
    expect(JSON.parse(exported)).toEqual({ name: 'Twenty places', customCoordinates: first });

    // A new map: a broken file is refused with its problems, and nothing is imported.
    await page.goto(`${e2e.url}/#/mapEditor/new`);
    await page.locator('[data-testid="editor-map"][data-loaded]').waitFor();
    const broken = JSON.stringify({ customCoordinates: [{ lat: 10, lng: 10 }, { lat: 123, lng: 4 }, { lat: 1, lng: 'x' }, { lat: 10, lng: 10 }] });
    await page.getByTestId('editor-import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const problems = page.getByTestId('editor-import-problems');
    await problems.waitFor();
    expect(await problems.innerText()).toContain('broken.json was not imported: 3 problems.');
    expect(await problems.innerText()).toContain('Entry 2, lat');
    expect(await problems.innerText()).toContain('Entry 4: the same place as entry 1');
    expect(await count(page)).toBe(0);

    // The export imports as a new map, name and all.
    await page.getByTestId('editor-import-file').setInputFiles({ name: 'twenty-places.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await page.getByText('20 locations added from twenty-places.json.').waitFor();
    expect(await count(page)).toBe(20);
    expect(await page.getByLabel('Name').inputValue()).toBe('Twenty places');
    await save(page);
    await page.waitForFunction((previous) => /^#\/mapEditor\/[0-9a-f-]{36}$/.test(location.hash) && !location.hash.endsWith(previous), firstId);
    const copyId = mapIdOf(page);
    expect(await editorLocations(copyId)).toEqual(first);
    expect((await e2e.t.http.get(`/maps/get/anon/${copyId}`).expect(200)).body as MapEntry).toMatchObject({ mapName: 'Twenty places', loc: 20, creatorName: 'Mapmaker' });

    await page.getByRole('button', { name: 'Play this map' }).click();
    await page.waitForURL(/#\/game\//);
    await page.locator('[data-testid="game-screen"][data-phase="guessing"]').waitFor();
    expect((await soloView(e2e, page)).mapId).toBe(copyId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the editor to signed-in authors, and asks before leaving unsaved changes', async () => {
    const stranger = await signedUpPlayer(e2e.t, 'Stranger');
    const mapId = `e2e-map-${Date.now()}`;
    const places = Array.from({ length: 5 }, (_, i) => ({ lat: 48 + i / 10, lng: 2 + i / 10 }));
    await e2e.t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name: 'Not yours', locations: places }).expect(201);

    const { page, context, errors } = await openSignedIn(e2e, stranger, `/#/mapEditor/${mapId}`);
    await page.getByText('Only its author can edit this map.').waitFor();

    const own = await openSignedIn(e2e, author, `/#/mapEditor/${mapId}`);
    await own.page.locator('[data-testid="editor-map"][data-locations="5"]').waitFor();
    await own.page.getByLabel('Description').fill('Along the Seine');
    await own.page.getByRole('link', { name: 'Back to the game' }).click();
    const leave = own.page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay and save' }).click();
    await save(own.page);
    expect((await e2e.t.http.get(`/maps/get/anon/${mapId}`).expect(200)).body as MapEntry).toMatchObject({ description: 'Along the Seine' });
    // The stranger's page logged the refused request (403) and nothing else.
    expect(errors.every((error) => error.includes('status of 403'))).toBe(true);
    expect(own.errors).toEqual([]);
    await Promise.all([context.close(), own.context.close()]);
  });
});
