import type { Page } from 'playwright-core';
import type { PlaceGuessResponse, StartSoloGameResponse } from '@globetrail/contracts';
import { LOCAL_IMAGES } from '../../services/src/app/tokens.js';
import type { LocalImageStore } from '../../services/src/imagery/local/local-image-store.js';
import { submissionFor } from '../support/play.js';
import { signedUpPlayer } from '../support/test-app.js';
import { type E2E, openPage, placeGuessOnMap, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

async function accountFigures(page: Page): Promise<{ points: string; rank: string }> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Account' }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.waitFor();
  const figures = { points: (await account.getByTestId('profile-points').innerText()).trim(), rank: (await account.getByTestId('profile-rank').innerText()).trim() };
  await page.keyboard.press('Escape');
  await account.waitFor({ state: 'hidden' });
  return figures;
}

describe('a signed-up player in Chromium', () => {
  it("sees their points and rank change after a round", async () => {
    // A European offline sample place: a guess anywhere near the map's centre is at most a few thousand km away.
    const places = (e2e.t.app.get(LOCAL_IMAGES) as LocalImageStore).list();
    const target = places.find(({ location }) => location.lat > 35 && location.lat < 70 && location.lng > -25 && location.lng < 40)!.location;

    // A rival with a single point: 165° of arc from the target, close to the worst possible guess.
    const rival = await signedUpPlayer(e2e.t, 'Rival');
    const game = (await e2e.t.http.post('/solo').set('Authorization', rival.token).send({ at: target }).expect(201)).body as StartSoloGameResponse;
    const far = { lat: -target.lat + 15, lng: target.lng > 0 ? target.lng - 180 : target.lng + 180 };
    const { result } = (await e2e.t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', rival.token).send({ roundIndex: 0, guess: far }).expect(200)).body as PlaceGuessResponse;
    expect(result.points).toBe(1);
    await e2e.t.http.post('/score/submit').set('Authorization', rival.token).send(submissionFor({ gameId: game.gameId, mapId: game.mapId, result })).expect(200);

    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Name').fill('Marie');
    await page.getByLabel('Email').fill(`marie-${Date.now()}@example.org`);
    await page.getByLabel('Password').fill('radium-88');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create your account' }).waitFor({ state: 'hidden' });

    expect(await accountFigures(page)).toEqual({ points: '0', rank: '2nd' });

    await page.goto(`${e2e.url}/#/loc/${target.lat},${target.lng}`);
    await placeGuessOnMap(page);
    await page.getByRole('button', { name: 'Guess' }).click();
    await page.getByTestId('result-total').waitFor();
    const points = Number((await page.getByTestId('result-points').innerText()).replace(/[^\d]/g, ''));
    expect(points).toBeGreaterThan(1);
    expect(await page.getByTestId('result-rank').innerText()).toContain('1');

    expect(await accountFigures(page)).toEqual({ points: points.toLocaleString('en'), rank: '1st' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
