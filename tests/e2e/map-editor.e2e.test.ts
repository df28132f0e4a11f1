import { readFile } from 'node:fs/promises';
import type { EditorLocations, MapEntry } from '@globetrail/contracts';
import type { Download, Page } from 'playwright-core';
import { type E2E, openPage, openSignedIn, soloView, startE2E } from '../support/e2e.js';
import { type Player, signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
let author: Player;
beforeAll(async () => {
  e2e = await startE2E();
  author = await signedUpPlayer(e2e.t, 'Mapmaker');
});
afterAll(() => e2e.close());

const editorMap = (page: Page) => page.getByTestId('editor-map');
const shownCount = async (page: Page) => Number(await editorMap(page).getAttribute('data-locations'));
const mapIdOf = (page: Page) => /#\/mapEditor\/([^/?]+)$/.exec(page.url())![1]!;
const savedLocations = async (mapId: string) => ((await e2e.t.http.get(`/maps/locations/${mapId}`).set('Authorization', author.token).expect(200)).body as EditorLocations).locations;
const status = (page: Page, value: 'new' | 'unsaved' | 'saved') => page.locator(`[data-testid="editor-status"][data-status="${value}"]`).waitFor();

/** Presses Save (or Ctrl+S) and returns what was sent, once the server took it and the editor says so. */
async function save(page: Page, how: 'button' | 'keys' = 'button'): Promise<Record<string, unknown>> {
  const request = page.waitForRequest((sent) => sent.url().includes('/maps/postUpdate/'));
  const answered = page.waitForResponse((response) => response.url().includes('/maps/postUpdate/') && response.ok());
  if (how === 'keys') await page.keyboard.press('Control+s');
  else await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await answered;
  await status(page, 'saved');
  return body;
}

async function downloaded(page: Page, button: string): Promise<{ name: string; json: unknown; text: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const text = await readFile((await file.path())!, 'utf8');
  return { name: file.suggestedFilename(), json: JSON.parse(text), text };
}

async function createByApi(name: string, count: number, lat: number): Promise<string> {
  const mapId = `e2e-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`;
  const locations = Array.from({ length: count }, (_, index) => ({ lat: lat + index / 10, lng: 2 + index / 10 }));
  await e2e.t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name, locations }).expect(201);
  return mapId;
}

describe('the map editor in Chromium', () => {
  it('builds a map of 20 clicked locations, saves and exports it, refuses a broken file, imports the export as a new map and plays it', async () => {
    const { page, context, errors } = await openSignedIn(e2e, author, '/#/mapEditor/new');
    await page.locator('[data-testid="editor-map"][data-loaded]').waitFor();
    await status(page, 'new');
    expect(await page.title()).toContain('Map editor');

    // 20 clicks on a grid spread over the world map, far enough apart that none lands on a location.
    const box = (await editorMap(page).boundingBox())!;
    for (let row = 0; row < 4; row++) {
      for (let column = 0; column < 5; column++) {
        const before = await shownCount(page);
        await page.mouse.click(box.x + box.width * (0.14 + column * 0.18), box.y + box.height * (0.22 + row * 0.18));
        await page.locator(`[data-testid="editor-map"][data-locations="${before + 1}"]`).waitFor();
      }
    }
    expect(await page.getByTestId('editor-count').innerText()).toContain('20 locations');
    // The last one added is selected, its coordinates in the panel; the categories suggested from the locations.
    expect(await page.getByTestId('editor-selected').getAttribute('aria-label')).toBe('Location 20 of 20');
    expect(Number(await page.getByTestId('editor-field-lat').inputValue())).toBeGreaterThan(-85);
    await page.getByTestId('editor-suggested-categories').waitFor();

    // Without a name the editor says so by the field and sends nothing.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Give the map a name.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name', { exact: true }).fill('Twenty places');
    const created = await save(page, 'keys');
    expect(created).toMatchObject({ name: 'Twenty places' });
    expect(created.locations).toHaveLength(20);
    await page.waitForURL(/#\/mapEditor\/[0-9a-f-]{36}$/);
    const firstId = mapIdOf(page);
    const first = await savedLocations(firstId);
    expect(first).toHaveLength(20);
    expect(await page.title()).toContain('Twenty places');

    const mapMaking = await downloaded(page, 'Export JSON (map-making.app)');
    expect(mapMaking.name).toBe('twenty-places.json');
    expect(mapMaking.json).toEqual({ name: 'Twenty places', customCoordinates: first });
    const plain = await downloaded(page, 'Export [lat, lng] list');
    expect(plain.name).toBe('twenty-places-coordinates.json');
    expect(plain.json).toEqual(first.map(({ lat, lng }) => [lat, lng]));

    // A new map: a broken file is refused entry by entry, and nothing is imported.
    await page.goto(`${e2e.url}/#/mapEditor/new`);
    await status(page, 'new');
    const broken = JSON.stringify({ customCoordinates: [{ lat: 10, lng: 10 }, { lat: 123, lng: 4 }, { lat: 1, lng: 'x' }, { lat: 10, lng: 10 }] });
    await page.getByTestId('editor-import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const problems = page.getByTestId('editor-import-problems');
    await problems.waitFor();
    const report = await problems.innerText();
    expect(report).toContain('Nothing was imported from broken.json: 3 problems.');
    expect(report).toContain('Entry 2: lat must be a number from −90 to 90');
    expect(report).toContain('Entry 3: lng must be a number from −180 to 180');
    expect(report).toContain('Entry 4: the same place as entry 1');
    expect(await shownCount(page)).toBe(0);
    await status(page, 'new');

    // The exported file imports as a new map, name and all.
    await page.getByTestId('editor-import-file').setInputFiles({ name: 'twenty-places.json', mimeType: 'application/json', buffer: Buffer.from(mapMaking.text) });
    await page.getByText('20 locations added from twenty-places.json.').waitFor();
    expect(await problems.count()).toBe(0);
    expect(await shownCount(page)).toBe(20);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Twenty places');
    await save(page);
    await page.waitForURL((url) => /#\/mapEditor\/[0-9a-f-]{36}$/.test(url.toString()) && !url.toString().endsWith(firstId));
    const copyId = mapIdOf(page);
    expect(await savedLocations(copyId)).toEqual(first);
    expect((await e2e.t.http.get(`/maps/get/anon/${copyId}`).expect(200)).body as MapEntry).toMatchObject({ mapName: 'Twenty places', loc: 20, creatorName: 'Mapmaker' });

    await page.getByRole('button', { name: 'Play this map' }).click();
    await page.waitForURL(/#\/game\//);
    await page.locator('[data-testid="game-screen"][data-phase="guessing"]').waitFor();
    await page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });
    expect((await soloView(e2e, page)).mapId).toBe(copyId);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("changes a saved map by keyboard, sends only what changed, shows the server's refusal on the location, asks before leaving, and deletes it", async () => {
    const mapId = await createByApi('Along the Seine', 6, 48);
    const { page, context, errors } = await openSignedIn(e2e, author, `/#/mapEditor/${mapId}`);
    await page.locator('[data-testid="editor-map"][data-locations="6"]').waitFor();
    await status(page, 'saved');

    // A changed description is sent without the locations.
    await page.getByLabel('Description').fill('Six places on the river');
    await status(page, 'unsaved');
    const detailsOnly = await save(page);
    expect(detailsOnly).toEqual({ mapId, name: 'Along the Seine', description: 'Six places on the river' });

    // P adds a location at the centre of the focused map; typed on the place of location 1, the server refuses it.
    await editorMap(page).locator('canvas').focus();
    await page.keyboard.press('p');
    await page.locator('[data-testid="editor-map"][data-locations="7"]').waitFor();
    // The selected location's marker drags to a new place.
    const lngBefore = Number(await page.getByTestId('editor-field-lng').inputValue());
    const marker = (await page.getByTestId('editor-selected-marker').boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++) await page.mouse.move(marker.x + marker.width / 2 + step * 16, marker.y + marker.height / 2);
    await page.mouse.up();
    await page.waitForFunction((before) => Number((document.querySelector('[data-testid="editor-field-lng"]') as HTMLInputElement).value) > before, lngBefore);
    await page.getByTestId('editor-field-lat').fill('48');
    await page.getByTestId('editor-field-lat').press('Enter');
    await page.getByTestId('editor-field-lng').fill('2');
    await page.getByTestId('editor-field-lng').press('Enter');
    const refused = page.waitForResponse((response) => response.url().includes('/maps/postUpdate/') && response.status() === 400);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await refused;
    await page.getByTestId('editor-location-error').getByText('The same place as location 1: move or remove one of them.').waitFor();
    expect(await page.getByTestId('editor-selected').getAttribute('aria-label')).toBe('Location 7 of 7');

    // Removing it leaves the map as saved: nothing to send.
    await page.getByRole('button', { name: 'Remove location' }).click();
    await page.locator('[data-testid="editor-map"][data-locations="6"]').waitFor();
    await status(page, 'saved');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // Keyboard selection: previous/next, Delete removes, Escape deselects.
    await page.keyboard.press('Escape');
    await editorMap(page).locator('canvas').focus();
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Previous location' }).click();
    expect(await page.getByTestId('editor-selected').getAttribute('aria-label')).toBe('Location 6 of 7');
    await page.keyboard.press('Delete');
    await page.locator('[data-testid="editor-map"][data-locations="6"]').waitFor();
    await status(page, 'unsaved');

    // Leaving with unsaved changes asks first: the browser (reload, closing the tab) and the app; staying keeps them.
    expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);
    await page.getByRole('link', { name: 'Back to the game' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/mapEditor/${mapId}`);
    const replaced = await save(page, 'keys');
    expect(replaced.locations).toHaveLength(6);
    expect((await savedLocations(mapId)).map(({ lat }) => lat)).toEqual([48, 48.1, 48.2, 48.3, 48.4, expect.any(Number)]);

    await page.getByRole('button', { name: 'Delete map' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this map?' });
    await confirm.getByRole('button', { name: 'Delete the map' }).click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');
    expect(((await e2e.t.http.get(`/maps/get/anon/${mapId}`).expect(404)).body as { code: string }).code).toBe('map_deleted');
    // The refused save is the only failed request the browser logged.
    expect(errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/maps\/postUpdate\/.*\)$/)]);
    await context.close();
  });

  it('warns of locations in open sea (not of one off a coast), offers to remove them, and counts the locations with pictures', async () => {
    const { LOCAL_IMAGES } = await import('../../services/src/app/tokens.js');
    const sample = (e2e.t.app.get(LOCAL_IMAGES) as { list(): Array<{ location: { lat: number; lng: number } }> }).list()[0]!.location;
    const { page, context, errors } = await openSignedIn(e2e, author, '/#/mapEditor/new');
    await status(page, 'new');
    // Five inland places (one of them a sample place with its picture), one in a harbour's waters off Nice,
    // and one in the middle of the Atlantic.
    const inland = [sample, { lat: 45.76, lng: 4.84 }, { lat: 48.58, lng: 7.75 }, { lat: 47.22, lng: -1.55 }, { lat: 44.84, lng: -0.58 }];
    const file = JSON.stringify({ customCoordinates: [...inland, { lat: 43.66, lng: 7.3 }, { lat: 30, lng: -40 }] });
    await page.getByTestId('editor-import-file').setInputFiles({ name: 'some-at-sea.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await page.getByText('7 locations added from some-at-sea.json.').waitFor();
    const warning = page.getByTestId('editor-at-sea');
    await warning.getByText(/^1 location is in open sea/).waitFor();
    const coverage = page.getByTestId('editor-coverage');
    await coverage.getByText(/^Pictures: 1 of 7 locations have an offline picture within 25 km/).waitFor();
    await warning.getByRole('button', { name: 'Show on the map' }).click();
    // The one at sea is the seventh location.
    await page.locator('[data-testid="editor-selected"][data-index="6"]').waitFor();
    await warning.getByRole('button', { name: 'Remove it' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await shownCount(page)).toBe(6);
    await coverage.getByText(/^Pictures: 1 of 6 locations/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the editor to signed-in authors: a guest is asked to sign in, another player and a deleted map are explained', async () => {
    const guest = await openPage(e2e, '/#/mapEditor/new');
    await guest.page.getByTestId('editor-gate').getByText('You are playing as a guest.', { exact: false }).waitFor();
    await guest.page.getByTestId('editor-gate').getByRole('button', { name: 'Sign in' }).click();
    await guest.page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    expect(guest.errors).toEqual([]);

    const mapId = await createByApi('Not yours', 5, 40);
    const stranger = await signedUpPlayer(e2e.t, 'Stranger');
    const other = await openSignedIn(e2e, stranger, `/#/mapEditor/${mapId}`);
    await other.page.getByRole('heading', { name: 'Only its author can edit this map' }).waitFor();
    await other.page.getByRole('link', { name: "Open the map's page" }).waitFor();
    // The stranger's browser never asked for the map's locations (its answers).
    expect(other.errors).toEqual([]);

    await e2e.t.http.post(`/maps/delete/${mapId}`).set('Authorization', author.token).send({}).expect(200);
    const own = await openSignedIn(e2e, author, `/#/mapEditor/${mapId}`);
    await own.page.getByRole('heading', { name: 'This map was deleted' }).waitFor();
    await Promise.all([guest.context.close(), other.context.close(), own.context.close()]);
  });
});
