import type { Page } from 'playwright-core';
import { type E2E, openSignedIn, startE2E } from '../support/e2e.js';
import { playRounds, submitScore } from '../support/play.js';
import { signedUpPlayer } from '../support/test-app.js';
import { LiveClient, offset, targetOf } from '../support/live-client.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** The longest name a player may choose (40 characters), with nowhere to break it. */
const LONG = 'W'.repeat(40);

/**
 * What runs past `root`'s box sideways: each descendant sticking out (with a bit of its text), and how far
 * the root's own content scrolls. Empty and 0 when everything fits.
 */
async function sticksOut(page: Page, root: string) {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector);
    if (!box) throw new Error(`no ${selector}`);
    const edge = box.getBoundingClientRect();
    const out: string[] = [];
    for (const element of box.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.right > edge.right + 0.5 || rect.left < edge.left - 0.5) out.push(`${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 20)}`);
    }
    return { out: out.slice(0, 5), scroll: Math.max(0, box.scrollWidth - box.clientWidth), page: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth) };
  }, root);
}

const fits = { out: [], scroll: 0, page: 0 };

describe('a 40-character name with no place to break', () => {
  it.each([
    ['a laptop', { width: 1366, height: 768 }],
    ['a phone', { width: 390, height: 844 }],
  ])('stays inside the leaderboard, the profile dialog and the lobby on %s', async (_device, viewport) => {
    const player = await signedUpPlayer(e2e.t, LONG);
    for (const played of await playRounds(e2e.t, player, [{ lat: 46, lng: 2 }], 'world')) await submitScore(e2e.t, player, played);
    await e2e.t.http.post('/games').set('Authorization', player.token).send({ gameT: 'D', mapId: 'world', listInLobby: true, mElo: null }).expect(201);

    const { page, context, errors } = await openSignedIn(e2e, player, '/#/leaderboard/points');
    await page.setViewportSize(viewport);
    const table = page.getByTestId('leaderboard-table');
    await table.getByRole('button', { name: LONG }).first().waitFor();
    expect(await sticksOut(page, 'main')).toEqual(fits);

    await table.getByRole('button', { name: LONG }).first().click();
    const profile = page.getByTestId('public-profile-window');
    await profile.getByTestId('tier-badge').waitFor();
    expect(await sticksOut(page, '[data-testid="public-profile-window"]')).toEqual(fits);
    await profile.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${page.url().split('#')[0]}#/game/lobby`);
    await page.getByText(LONG).first().waitFor();
    expect(await sticksOut(page, 'main')).toEqual(fits);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('two 40-character names in a live duel', () => {
  it("stay inside the round's result and the final standings, on a phone and a laptop", async () => {
    const host = await signedUpPlayer(e2e.t, LONG);
    const rival = await signedUpPlayer(e2e.t, 'M'.repeat(40));
    const gameId = (await e2e.t.http.post('/games').set('Authorization', host.token).send({ gameT: 'D', nr: 2, rl: -1 }).expect(201)).body.gameId as string;
    const seats = [await LiveClient.connect(e2e.t, host), await LiveClient.connect(e2e.t, rival)];
    for (const seat of seats) await seat.ok('JoinGame', { gameId });

    const { page, context, errors } = await openSignedIn(e2e, host, `/#/game/${gameId}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('waiting-room').waitFor();
    for (const seat of seats) await seat.ok('SetReady', { gameId, ready: true });
    // Two rounds: the first ends on its result screen, the second (a knockout) on the final standings.
    for (const roundIndex of [0, 1]) {
      await seats[0]!.until(gameId, (view) => view.status === 'SED' && view.cr === roundIndex, `round ${roundIndex}`, 30_000);
      if (roundIndex === 0) {
        // The health bars above the round carry both names.
        await page.getByTestId('guess-map').waitFor({ state: 'attached', timeout: 30_000 });
        expect((await sticksOut(page, '[data-testid="live-game"]')).page).toBe(0);
      }
      const target = await targetOf(e2e.t, gameId, roundIndex);
      await seats[0]!.ok('PlaceGuess', { gameId, roundIndex, loc: target, final: true });
      await seats[1]!.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, roundIndex === 0 ? 500 : 10_000), final: true });
      if (roundIndex === 0) {
        await page.getByTestId('round-results-table').getByText(LONG).waitFor({ timeout: 30_000 });
        expect(await sticksOut(page, '[data-testid="round-results"]')).toEqual(fits);
      }
    }
    await page.locator('[data-testid=live-game][data-status=G_ED]').waitFor({ timeout: 30_000 });
    await page.getByTestId('standings-table').getByText(LONG).waitFor({ timeout: 30_000 });
    for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
      await page.setViewportSize(viewport);
      expect(await sticksOut(page, '[data-testid="standings-table"]')).toEqual(fits);
      expect((await sticksOut(page, '[data-testid="live-game"]')).page).toBe(0);
    }
    expect(errors).toEqual([]);
    for (const seat of seats) seat.close();
    await context.close();
  }, 120_000);
});
