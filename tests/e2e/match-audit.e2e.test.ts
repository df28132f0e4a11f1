import { playArenaMatch } from '../support/arena-match.js';
import type { GameEventOf } from '@globetrail/contracts';
import { gameEvents, type LiveClient } from '../support/live-client.js';
import { clickGuessMap, type E2E, openPage, openSignedIn, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
const clients: LiveClient[] = [];
beforeAll(async () => {
  // Game timers twice as fast: a round's 30 s leave the browser time to open the game; the whole match takes
  // a few seconds, and so does its replay at the original pace.
  e2e = await startE2E({ CLOCK_SPEED: '2' });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await e2e.close();
});

describe('a finished ranked match, audited and replayed in the browser', () => {
  /** The audited match, which the ghost duel below plays again. */
  let matchId = '';

  it('shows the match fair, hashes the revealed plan in the browser, and replays every round to the knockout', async () => {
    const players: [Awaited<ReturnType<typeof signedUpPlayer>>, Awaited<ReturnType<typeof signedUpPlayer>>] = [await signedUpPlayer(e2e.t, 'Ana'), await signedUpPlayer(e2e.t, 'Ben')];
    const { gameId, final } = await playArenaMatch(e2e.t, players, {
      connected: (both) => clients.push(...both),
      // During the match, Ana's game screen shows the fingerprint her match committed to before round 1.
      started: async (id) => {
        const [created] = (await gameEvents(e2e.t, id)) as [GameEventOf<'GameCreated'>];
        const playing = await openSignedIn(e2e, players[0], `/#/game/${id}`);
        const sealed = playing.page.getByTestId('sealed-plan');
        await sealed.waitFor();
        expect(await sealed.getAttribute('data-hash')).toBe(created.data.roundPlanHash);
        expect(await sealed.innerText()).toContain(created.data.roundPlanHash!.slice(0, 6));
        expect(playing.errors).toEqual([]);
        await playing.context.close();
      },
    });
    matchId = gameId;
    const rounds = final.rounds.length;
    const loserHp = final.teams ? Math.min(...Object.values(final.teams).map((team) => team.hp)) : 0;

    const { page, errors, context } = await openPage(e2e, `/#/arena/${gameId}/audit`);
    await page.getByTestId('audit-page').waitFor();
    await page.getByText('Fair: every check holds').waitFor();
    // The browser's own SHA-256 of the revealed rounds equals the fingerprint published before round 1.
    await page.getByText('Your browser computed the same fingerprint from the revealed rounds.').waitFor();
    await page.getByTestId('audit-rounds').locator('tbody tr').nth(rounds - 1).waitFor();
    expect(await page.getByTestId('audit-rounds').locator('tbody tr').count()).toBe(rounds);
    expect(await page.getByTestId('audit-findings').innerText()).toContain('round plan hash');
    expect(await page.getByTestId('audit-elo').innerText()).toMatch(/Ana 1000 → 1016 · Ben 1000 → 984/);

    // The replay, at the match's own pace, on the game's own world map (land drawn): round after round, then the knockout.
    const replayMap = page.getByTestId('replay-map');
    await replayMap.locator('.world-map[data-loaded]').waitFor();
    const total = await page.getByTestId('replay-clock').innerText();
    expect(await replayMap.getByTestId('marker-player').count()).toBe(0);
    await page.getByTestId('replay-play').click();
    await page.getByTestId('replay-log').getByText('Round 1 starts').waitFor();
    await page.getByTestId('replay-log').getByText(/Match over: Ana won/).waitFor({ timeout: 60_000 });
    await replayMap.getByTestId('marker-target').waitFor();
    expect(await replayMap.getByTestId('marker-player').count()).toBe(2);
    expect(await replayMap.getByTestId('marker-player').allInnerTexts()).toEqual(expect.arrayContaining(['Ana', 'Ben']));
    expect(await page.getByTestId('replay-hp-1').innerText()).toContain(String(loserHp));
    expect(await page.getByTestId('replay-play').innerText()).toBe('Play again');

    // Faster: 64× from the start, reaching the same end.
    await page.getByTestId('replay-speed').selectOption('64');
    await page.getByTestId('replay-play').click();
    await page.getByTestId('replay-log').getByText(/Match over: Ana won/).waitFor();
    // Seen again once its players have left (the stream records their sockets closing after the end), the
    // replay lasts as long as before.
    for (const client of clients.splice(0)) client.close();
    for (let tries = 0; !(await gameEvents(e2e.t, gameId)).slice(-1).some((event) => event.type === 'PlayerDisconnected'); tries++) {
      if (tries > 100) throw new Error('the players’ leaving was never recorded');
      await page.waitForTimeout(100);
    }
    await page.reload();
    await page.getByTestId('replay-clock').waitFor();
    expect(await page.getByTestId('replay-clock').innerText()).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("lets a new visitor duel the winner's ghost from the audit page to the end", async () => {
    expect(matchId).not.toBe('');
    const { page, errors, context } = await openPage(e2e, `/#/arena/${matchId}/audit`);
    await page.getByTestId('audit-page').waitFor();
    expect(await page.getByTestId('duel-ghost-link').allInnerTexts()).toEqual(["Duel Ana's ghost", "Duel Ben's ghost"]);
    await page.getByTestId('duel-ghost-link').first().click();
    await page.getByTestId('ghost-page').waitFor();
    // The link names Ana: her ghost comes first, with a link to send to a friend.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe("Duel Ana's ghost");
    expect(await page.getByTestId('ghost-player').first().getAttribute('data-player-id')).toBe((await gameEvents(e2e.t, matchId)).flatMap((event) => (event.type === 'PlayerJoined' && event.data.name === 'Ana' ? [event.data.playerId] : []))[0]);
    expect(await page.getByTestId('share-link').inputValue()).toMatch(new RegExp(`#/ghost/${matchId}/`));
    await page.getByTestId('start-ghost-duel').first().click();
    await page.waitForURL(/#\/game\/[0-9a-f-]{36}/);
    const gameId = /#\/game\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    expect(gameId).not.toBe(matchId);
    await page.getByTestId('live-mode').getByText('Ghost duel').waitFor({ timeout: 30_000 });
    // Each round: a guess far from Ana's (she guessed 5 km from the target) until her ghost knocks the visitor out.
    for (let round = 0; round < 10; round++) {
      const state = await Promise.race([
        page.locator('[data-testid="live-game"][data-status="SED"]').waitFor({ timeout: 30_000 }).then(() => 'round' as const),
        page.getByTestId('game-winner').waitFor({ timeout: 30_000 }).then(() => 'over' as const),
      ]);
      if (state === 'over') break;
      await page.getByTestId('guess-map').waitFor();
      await clickGuessMap(page, { x: 0.05, y: 0.9 });
      await page.getByRole('button', { name: 'Guess', exact: true }).click();
      // The round's result, then the next round or the end.
      await page.locator('[data-testid="live-game"]:not([data-status="SED"])').waitFor({ timeout: 30_000 });
    }
    await page.locator('[data-testid="game-winner"][data-outcome="lost"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('standings-table').innerText()).toContain('Ana 👻');
    expect((await gameEvents(e2e.t, gameId)).find((event) => event.type === 'GameEnded')).toMatchObject({ data: { reason: 'knockout', ratingChanges: null } });
    // What next: the ghost again, the recorded duel's ghosts, or this duel's own audit.
    await page.getByTestId('ghost-again').waitFor();
    await page.getByTestId('audit-link').click();
    await page.getByTestId('audit-page').waitFor();
    await page.getByText('Fair: every check holds').waitFor();

    // Ana's profile lists her latest duels, the ranked match among them, with her ghost a click away.
    const anaId = (await gameEvents(e2e.t, matchId)).flatMap((event) => (event.type === 'PlayerJoined' && event.data.name === 'Ana' ? [event.data.playerId] : []))[0]!;
    await page.goto(`${new URL(page.url()).origin}/#/user/${anaId}`);
    const listed = page.locator(`[data-testid="recent-duel"][data-game-id="${matchId}"]`);
    await listed.waitFor();
    expect(await listed.innerText()).toMatch(/Won\s+against Ben/);
    await listed.getByTestId('recent-duel-ghost').click();
    await page.getByTestId('ghost-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe("Duel Ana's ghost");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('says so for an address that is no ranked match', async () => {
    const { page, errors, context } = await openPage(e2e, '/#/arena/no-such-match/audit');
    await page.getByText('No such ranked match').waitFor();
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });
});
