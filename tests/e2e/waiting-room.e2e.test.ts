import { LiveClient } from '../support/live-client.js';
import { type E2E, openSignedIn, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

describe('a team game’s waiting room', () => {
  it('says a team is empty while it is (and the game cannot start), and the ready button agrees with the player’s row', async () => {
    const [host, friend] = [await signedUpPlayer(e2e.t, 'Captain'), await signedUpPlayer(e2e.t, 'Mate')];
    const gameId = (await e2e.t.http.post('/games').set('Authorization', host.token).send({ gameT: 'T', nr: 3 }).expect(201)).body.gameId as string;
    const seats = [await LiveClient.connect(e2e.t, host), await LiveClient.connect(e2e.t, friend)];
    for (const seat of seats) {
      await seat.ok('JoinGame', { gameId });
      await seat.ok('ChooseTeam', { gameId, team: '0' });
    }
    const { page, context, errors } = await openSignedIn(e2e, host, `/#/game/${gameId}`);
    const room = page.getByTestId('waiting-room');
    await room.getByText('Each team needs at least one player').waitFor();

    const ready = page.getByTestId('ready-toggle');
    await ready.click();
    await page.locator('[data-testid="ready-toggle"][aria-pressed="true"]').waitFor();
    expect((await ready.innerText()).trim()).toBe("I'm ready");
    await seats[1]!.ok('SetReady', { gameId, ready: true });
    // Both ready, one team empty: still waiting, and still saying why.
    await page.waitForTimeout(500);
    expect(await room.getByText('Each team needs at least one player').isVisible()).toBe(true);

    // A player moves to the empty team: the game starts.
    await seats[1]!.ok('ChooseTeam', { gameId, team: '1' });
    await seats[1]!.ok('SetReady', { gameId, ready: true });
    await page.locator('[data-testid="live-game"]:not([data-status="C"])').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    for (const seat of seats) seat.close();
    await context.close();
  });
});
