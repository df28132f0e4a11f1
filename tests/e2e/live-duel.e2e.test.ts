import type { LatLng } from '@globetrail/contracts';
import type { Page } from 'playwright-core';
import { gameEvents, targetOf } from '../support/live-client.js';
import { clickGuessMap, type E2E, openPage, startE2E } from '../support/e2e.js';

let e2e: E2E;
beforeAll(async () => {
  // Game timers 5× faster: a 3 s countdown takes 0.6 s, the 7 s result 1.4 s.
  e2e = await startE2E({ CLOCK_SPEED: '5' });
});
afterAll(() => e2e.close());

/** A new visitor opening a link straight to `path` (the welcome dialog belongs to the home page). */
function visitor(path: string) {
  return openPage(e2e, `/#${path}`);
}

/**
 * The player's latest marker the server recorded, once it differs from `previous`: a marker move the client
 * had to send twice (a slow ack under load) is the same position, and must not count as the next click.
 */
async function nextMarker(gameId: string, playerId: string, previous: LatLng | null): Promise<LatLng> {
  for (;;) {
    const markers = (await gameEvents(e2e.t, gameId)).flatMap((event) => (event.type === 'GuessPlaced' && event.data.playerId === playerId ? [event.data.loc] : []));
    const last = markers.at(-1);
    if (last && (!previous || last.lat !== previous.lat || last.lng !== previous.lng)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * Places a guess on `target` through the UI alone: two calibration clicks, whose positions the client
 * reports to the server as marker moves, give the guess map's projection; the third click lands on target.
 */
async function guessOnTarget(page: Page, gameId: string, playerId: string, target: LatLng): Promise<void> {
  const canvas = page.getByTestId('guess-map').locator('canvas.maplibregl-canvas');
  let previous: LatLng | null = null;
  // The third click can miss the canvas: on a slow machine the map's camera may still be settling when it
  // is calibrated, or the target may lie outside the first view. Then the test waits and calibrates again,
  // and from the second miss on pans towards the target with the arrow keys first, as a player would.
  for (let attempt = 0; attempt < 8; attempt++) {
    const p1 = await clickGuessMap(page, { x: 0.3, y: 0.35 });
    const l1 = await nextMarker(gameId, playerId, previous);
    const p2 = await clickGuessMap(page, { x: 0.7, y: 0.65 });
    const l2 = await nextMarker(gameId, playerId, l1);
    previous = l2;
    const x = p1.x + ((target.lng - l1.lng) * (p2.x - p1.x)) / (l2.lng - l1.lng);
    const y = p1.y + ((mercatorY(target.lat) - mercatorY(l1.lat)) * (p2.y - p1.y)) / (mercatorY(l2.lat) - mercatorY(l1.lat));
    const box = (await canvas.boundingBox())!;
    const margin = 10;
    const inside = (value: number, size: number) => value >= margin && value <= size - margin;
    // West to east and north to south between the two calibration clicks, or the camera moved between them.
    if (l2.lng > l1.lng && l2.lat < l1.lat && inside(x, box.width) && inside(y, box.height)) {
      await clickGuessMap(page, { x: x / box.width, y: y / box.height });
      return;
    }
    if (attempt > 0) {
      const presses = (value: number, size: number) => (value < margin ? Math.ceil((margin - value) / 100) + 1 : value > size - margin ? Math.ceil((value - size + margin) / 100) + 1 : 0);
      await canvas.focus();
      for (let i = presses(y, box.height); i > 0; i--) await page.keyboard.press(y < margin ? 'ArrowUp' : 'ArrowDown');
      for (let i = presses(x, box.width); i > 0; i--) await page.keyboard.press(x < margin ? 'ArrowLeft' : 'ArrowRight');
    }
    // Each key press pans with a short animation, and a settling camera needs a moment too.
    await page.waitForTimeout(800);
  }
  throw new Error(`could not bring ${target.lat}, ${target.lng} into the guess map's view`);
}

describe('a duel in two browsers while a third watches', () => {
  it('plays from the lobby to a knockout; every screen shows the same winner', async () => {
    const host = await visitor('/game/lobby');
    await host.page.getByTestId('lobby-screen').waitFor();
    // No round limit: three browsers rendering maps in software on two cores must not race a round timer.
    await host.page.getByLabel('Round time').selectOption({ label: 'No limit' });
    await host.page.getByTestId('open-duel').click();
    await host.page.waitForURL(/#\/game\/[0-9a-f-]{36}/);
    const gameId = /#\/game\/([0-9a-f-]{36})/.exec(host.page.url())![1]!;
    await host.page.getByTestId('waiting-room').waitFor();

    const guest = await visitor('/game/lobby');
    await guest.page.locator(`[data-testid="duel-row"][data-game-id="${gameId}"]`).getByTestId('join-duel').click();
    await guest.page.getByTestId('waiting-room').waitFor();
    await host.page.locator('[data-testid="player-row"]').nth(1).waitFor();

    const watcher = await visitor(`/game/${gameId}`);
    await watcher.page.getByTestId('spectating-badge').waitFor();

    await host.page.getByTestId('ready-toggle').click();
    await guest.page.getByTestId('ready-toggle').click();

    const players = (await gameEvents(e2e.t, gameId)).flatMap((event) => (event.type === 'PlayerJoined' ? [event.data.playerId] : []));
    // The round has started (not its countdown) on both screens before anyone aims.
    for (const page of [host.page, guest.page]) {
      await page.locator('[data-testid="live-game"][data-status="SED"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('guess-map').waitFor({ timeout: 30_000 });
    }
    const target = await targetOf(e2e.t, gameId, 0);

    // The watcher's "Spectating" banner keeps clear of both health bars, on a laptop and on a phone.
    await watcher.page.locator('.team-health--right').waitFor({ timeout: 30_000 });
    const overlapping: unknown[] = [];
    for (const width of [1200, 1280, 1366, 1920, 800, 390]) {
      await watcher.page.setViewportSize({ width, height: 800 });
      const boxes = await watcher.page.evaluate(() => {
        const banner = document.querySelector('[data-testid="spectating-badge"]')!.getBoundingClientRect();
        const panels = [...document.querySelectorAll('.team-health')].map((panel) => panel.getBoundingClientRect());
        const over = panels.some((box) => box.right > banner.left && box.left < banner.right && box.bottom > banner.top && box.top < banner.bottom);
        return over ? { banner: [banner.left, banner.right, banner.top, banner.bottom], panels: panels.map((box) => [box.left, box.right, box.top, box.bottom]) } : null;
      });
      if (boxes) overlapping.push({ width, ...boxes });
    }
    expect(overlapping).toEqual([]);
    await watcher.page.setViewportSize({ width: 1280, height: 800 });

    // The host aims at the target; the guest guesses from the far corner of the map.
    await guessOnTarget(host.page, gameId, players[0]!, target);
    await host.page.getByRole('button', { name: 'Guess', exact: true }).click();
    await clickGuessMap(guest.page, target.lng > 0 ? { x: 0.05, y: 0.9 } : { x: 0.95, y: 0.1 });
    await guest.page.getByRole('button', { name: 'Guess', exact: true }).click();

    for (const [who, outcome] of [
      [host, 'won'],
      [guest, 'lost'],
      [watcher, 'watched'],
    ] as const) {
      await who.page.locator(`[data-testid="game-winner"][data-outcome="${outcome}"]`).waitFor({ timeout: 30_000 });
    }
    const ended = (await gameEvents(e2e.t, gameId)).find((event) => event.type === 'GameEnded');
    expect(ended).toMatchObject({ data: { reason: 'knockout' } });
    for (const { errors } of [host, guest, watcher]) expect(errors).toEqual([]);
    await Promise.all([host, guest, watcher].map(({ context }) => context.close()));
  });
});
