import type { ChallengeDetail, DailyChallenges } from '@globetrail/contracts';
import type { Page } from 'playwright-core';
import { clickGuessMap, type E2E, openSignedIn, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** The round's picture is shown: its panorama has loaded. */
const pictureReady = (page: Page) => page.locator('[data-testid="panorama"][data-state="ready"]').waitFor({ timeout: 30_000 });

describe('challenges in Chromium', () => {
  it('creates an NMPZ challenge with a 30 s limit, and a friend plays it through its link: fixed view, a timed-out round, rating and a comment', async () => {
    const ada = await signedUpPlayer(e2e.t, 'Ada');
    const bob = await signedUpPlayer(e2e.t, 'Bob');

    // Ada creates the challenge from the challenges window.
    const author = await openSignedIn(e2e, ada);
    await author.page.getByTestId('toolbar-daily').click();
    const list = author.page.getByRole('dialog', { name: 'Challenges' });
    await list.getByTestId('daily-challenges').getByTestId('challenge-card').nth(3).waitFor();
    await list.getByTestId('create-challenge').click();
    const form = author.page.getByRole('dialog', { name: 'Create a challenge' });
    // Blink is offered apart from the times to guess, and every field, the ones under "More" too, has a name.
    const groups = await form.getByTestId('round-time').evaluate((select) =>
      [...select.querySelectorAll('optgroup')].map((group) => ({ label: group.label, options: [...group.querySelectorAll('option')].map((option) => option.textContent) })),
    );
    expect(groups).toEqual([
      { label: 'Time to guess', options: expect.arrayContaining(['No limit', '30 s', '5 min']) },
      { label: 'Blink: the picture shows only for a moment', options: ['Blink: the picture shows for 2 s', 'Blink: the picture shows for 3 s'] },
    ]);
    await form.locator('summary').click();
    for (const name of ['Minimum level', 'Starts', 'Ends']) expect(await form.getByLabel(name, { exact: true }).count()).toBe(1);
    const unnamed = await form.locator('input, select, textarea').evaluateAll((fields) =>
      fields.filter((field) => field.checkVisibility() && !(field as HTMLInputElement).labels?.length && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby')).map((field) => field.outerHTML),
    );
    expect(unnamed).toEqual([]);
    await form.getByTestId('submit-challenge').click();
    await form.getByTestId('challenge-error-t').waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Half a minute each');
    await form.getByLabel('Rounds').fill('2');
    // 30 s: round 1's checks of the fixed view must fit in the round even on a busy machine.
    await form.getByTestId('round-time').selectOption('30');
    await form.getByTestId('movement-none').check();
    await form.getByTestId('submit-challenge').click();
    await author.page.getByTestId('challenge-page').waitFor();
    await author.page.getByRole('heading', { name: 'Half a minute each' }).waitFor();
    // SPEC §9: 15 s and more read as minutes:seconds.
    for (const chip of ['NMPZ', '0:30 a round', '2 rounds']) await author.page.getByText(chip, { exact: true }).waitFor();
    const link = await author.page.getByTestId('challenge-link').inputValue();
    const challengeId = decodeURIComponent(/#\/challenge\/(.+)$/.exec(link)![1]!);
    expect(author.errors).toEqual([]);
    await author.context.close();

    // Bob opens the link in another browser and plays.
    const friend = await openSignedIn(e2e, bob, `/${new URL(link).hash}`, { fakeClock: true });
    const page = friend.page;
    await page.getByRole('heading', { name: 'Half a minute each' }).waitFor();
    await page.getByTestId('challenge-play-button').click();
    await page.locator('[data-testid="challenge-play"][data-phase="playing"][data-round="0"]').waitFor();
    await pictureReady(page);
    const panorama = page.getByTestId('panorama');
    expect(await panorama.getAttribute('data-movement')).toBe('none');
    await page.getByTestId('round-countdown').waitFor();
    // NMPZ: dragging and the arrow keys leave the view exactly as it was.
    // A part of the picture clear of the overlays (the header, the countdown, the guess map).
    const shot = () => page.screenshot({ clip: { x: 40, y: 140, width: 780, height: 560 }, animations: 'disabled' });
    const before = await shot();
    const box = (await panorama.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await panorama.locator('[role="application"]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.mouse.wheel(0, -400);
    expect((await shot()).equals(before)).toBe(true);
    // Round 1: a guess in time.
    await clickGuessMap(page, { x: 0.5, y: 0.45 });
    await page.getByRole('button', { name: 'Guess', exact: true }).click();
    await page.getByTestId('round-result').waitFor();
    await page.getByTestId('challenge-next').click();

    // Round 2: no guess; when the 30 s are up the ask-for-guess dialog appears and takes the guess. The
    // page's clock is moved on by the round's time; the server, on its own clock, still takes the guess.
    await page.locator('[data-testid="challenge-play"][data-phase="playing"][data-round="1"]').waitFor();
    await pictureReady(page);
    const ask = page.getByRole('alertdialog', { name: "Time's up!" });
    expect(await ask.count()).toBe(0);
    await page.clock.fastForward(30_000);
    await ask.waitFor();
    await clickGuessMap(page, { x: 0.3, y: 0.4 });
    await ask.getByRole('button', { name: 'Guess' }).click();
    await page.getByTestId('round-result').waitFor();
    await page.getByTestId('challenge-next').click();

    // The end: the rate-challenge window opens by itself.
    const rate = page.getByRole('dialog', { name: 'Rate this challenge' });
    await rate.locator('label', { hasText: '4 stars' }).click();
    expect(await rate.getByTestId('rate-4').isChecked()).toBe(true);
    await rate.getByTestId('submit-rating').click();
    await rate.waitFor({ state: 'detached' });
    await page.getByTestId('challenge-summary').getByRole('button', { name: 'See the results' }).click();
    await page.getByTestId('challenge-rating').getByText('★ 4').waitFor();
    await page.getByTestId('challenge-results').getByText('Bob').waitFor();
    await page.getByTestId('challenge-comment-text').fill('Those road signs!');
    await page.getByTestId('challenge-comment-send').click();
    await page.getByTestId('challenge-comments').getByText('Those road signs!').waitFor();

    const stored = (await e2e.t.http.get(`/challenge/${challengeId}`).set('Authorization', bob.token).expect(200)).body as ChallengeDetail;
    expect(stored).toMatchObject({ nmpz: true, rl: 30, nr: 2, players: 1, completions: 1, rating: 4, comments: 1 });
    expect(stored.rou).toHaveLength(2);
    expect(friend.errors).toEqual([]);
    await friend.context.close();
    // Two 30 s rounds, one of them waited out, on top of two browsers' start.
  }, 150_000);

  it("plays today's Blink daily behind the blink wall: the picture shows after Start, then hides and the guess is asked for", async () => {
    const carol = await signedUpPlayer(e2e.t, 'Carol');
    const { day } = (await e2e.t.http.get('/challenges/daily').expect(200)).body as DailyChallenges;
    const { page, context, errors } = await openSignedIn(e2e, carol, `/#/challenge/${day}-Blink`);
    await page.getByRole('heading', { name: /\(Blink\)$/ }).waitFor();
    await page.getByTestId('challenge-play-button').click();
    const wall = page.getByTestId('blink-wall');
    await wall.waitFor();
    expect(await page.getByTestId('panorama').count()).toBe(0);
    await wall.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('panorama').waitFor();
    await page.getByText('The picture has hidden. Where was it?').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('panorama').count()).toBe(0);
    await page.getByRole('alertdialog', { name: 'Where was it?' }).waitFor();
    await clickGuessMap(page, { x: 0.5, y: 0.5 });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Guess' }).click();
    await page.getByTestId('round-result').waitFor();
    await page.getByTestId('challenge-next').click();
    await page.getByTestId('blink-wall').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a friend's result on the challenge's open page without a reload", async () => {
    const author = await signedUpPlayer(e2e.t, 'Setter');
    const friend = await signedUpPlayer(e2e.t, 'Solver');
    const body = { id: '', t: 'Two quick ones', d: '', sd: null, ed: null, ip: false, nmpz: false, nm: false, hsn: true, rl: -1, gat: false, mlte: 0, rou: [], ppr: [], spr: [], nr: 2, mid: 'world', mn: 'World', mc: null, mmd: 20_037_500, dmdp1: 0, dmdp2: -1 };
    const id = (await e2e.t.http.post('/challenges/add').set('Authorization', author.token).send(body).expect(201)).body.id as string;
    const { page, context, errors } = await openSignedIn(e2e, author, `/#/challenge/${encodeURIComponent(id)}`);
    const results = page.locator('.challenge-results');
    await results.getByText('Nobody has played yet.').waitFor();

    await e2e.t.http.post('/challenges/join').set('Authorization', friend.token).send({ id }).expect(200);
    for (const roundNumber of [0, 1]) {
      await e2e.t.http.post(`/challenge/${encodeURIComponent(id)}/round`).set('Authorization', friend.token).send({ roundNumber }).expect(201);
      await e2e.t.http.post('/challenges/addScore').set('Authorization', friend.token).send({ id, roundNumber, guessLoc: '48.85,2.35' }).expect(200);
    }
    // The page asks again while it is open (every 10 s): the friend appears with no reload.
    await results.getByText('Solver').waitFor({ timeout: 25_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
