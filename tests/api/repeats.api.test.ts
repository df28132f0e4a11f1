import { EVENT_STORE } from '../../services/src/app/tokens.js';
import { toDomainEvent } from '../../services/src/platform/event-store/domain-event.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { playArenaMatch } from '../support/arena-match.js';
import { gameEvents } from '../support/live-client.js';
import { playRounds } from '../support/play.js';
import { signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 28: within a player's session a place does not come back, in whatever mode, while unplayed places
 * remain. Offline, the world's rounds play 56 painted places: without this, a 30-round arena plan drawn
 * after 20 single-player rounds repeats several of them.
 */
describe('places a player saw lately', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Game timers 20× faster: the arena matches are played in seconds.
    t = await startTestApp({ env: { CLOCK_SPEED: '20' } });
  });
  afterAll(() => t.close());

  const soloPictures = async (gameId: string) =>
    (await t.app.get<EventStore>(EVENT_STORE).readStream(`solo-${gameId}`))
      .map((recorded) => toDomainEvent(recorded))
      .flatMap((event) => (event.type === 'SoloRoundStarted' ? [(event.data as { panorama: { imageId: string } }).panorama.imageId] : []));
  const planOf = async (gameId: string) => {
    const drawn = (await gameEvents(t, gameId)).find((event) => event.type === 'RoundPlanDrawn');
    if (drawn?.type !== 'RoundPlanDrawn') throw new Error(`match ${gameId} has no plan`);
    return drawn.data.rounds.map((round) => round.panorama.imageId);
  };
  const played = async (gameId: string) => (await gameEvents(t, gameId)).flatMap((event) => (event.type === 'RoundStarting' ? [event.data.panorama.imageId] : []));

  it('do not come back in their next games, single player or arena, while unplayed ones remain', async () => {
    const [ada, bob] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bob')];
    const solo = await playRounds(t, ada, Array.from({ length: 20 }, () => ({ lat: 10, lng: 10 })));
    const soloSeen = await soloPictures(solo[0]!.gameId);
    expect(new Set(soloSeen).size).toBe(20);

    // Ada's arena match: its whole plan (30 rounds) keeps clear of her 20 single-player places.
    const first = await playArenaMatch(t, [ada, bob]);
    for (const client of first.clients) client.close();
    const firstPlan = await planOf(first.gameId);
    expect(firstPlan.filter((picture) => soloSeen.includes(picture))).toEqual([]);

    // The next match, and Ada's next single-player game, keep clear of the rounds the first match played too.
    const firstPlayed = await played(first.gameId);
    const second = await playArenaMatch(t, [bob, ada]);
    for (const client of second.clients) client.close();
    expect((await planOf(second.gameId)).filter((picture) => soloSeen.includes(picture) || firstPlayed.includes(picture))).toEqual([]);
    const secondPlayed = await played(second.gameId);
    const next = await playRounds(t, ada, Array.from({ length: 5 }, () => ({ lat: 10, lng: 10 })));
    const nextSeen = await soloPictures(next[0]!.gameId);
    expect(nextSeen.filter((picture) => soloSeen.includes(picture) || firstPlayed.includes(picture) || secondPlayed.includes(picture))).toEqual([]);
  }, 120_000);
});
