import type { GameView } from '@globetrail/contracts';
import { expectAnswerBlindMessages, gameEvents, LiveClient, offset, targetOf } from '../support/live-client.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** Game timers run 20× faster: a 3 s countdown takes 150 ms, a 60 s round 3 s. */
const FAST = { CLOCK_SPEED: '20' };

let t: TestApp;
let ada: Player;
let bo: Player;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: FAST });
  [ada, bo] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bo')];
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

async function connect(player: Pick<Player, 'token'>) {
  const client = await LiveClient.connect(t, player);
  clients.push(client);
  return client;
}

async function newDuel(host: Player, settings: { rl?: number } = {}): Promise<string> {
  const response = await t.http.post('/games').set('Authorization', host.token).send({ gameT: 'D', ...settings }).expect(201);
  return response.body.gameId as string;
}

const playing = (roundIndex: number) => (view: GameView) => view.status === 'SED' && view.cr === roundIndex;

describe('a duel over Socket.IO', () => {
  it('plays to a knockout with two players while a spectator watches one phase behind', async () => {
    const gameId = await newDuel(ada);
    const [a, b, watcher, second] = [await connect(ada), await connect(bo), await connect(await anonymousPlayer(t)), await connect(await anonymousPlayer(t))];
    await a.ok('JoinGame', { gameId });
    await b.ok('JoinGame', { gameId });
    expect(await watcher.ok('WatchGame', { gameId })).toMatchObject({ viewer: { role: 'spectator', playerId: null } });
    await second.ok('WatchGame', { gameId });

    await a.ok('SetReady', { gameId, ready: true });
    await b.ok('SetReady', { gameId, ready: true });

    // Bo guesses on the target every round, Ada 500 km off: 2,210 damage a round knocks Ada out in round 3.
    let roundIndex = 0;
    for (; roundIndex < 10; roundIndex++) {
      await a.until(gameId, (view) => playing(roundIndex)(view) || view.status === 'G_ED', `round ${roundIndex}`);
      if (a.view(gameId).status === 'G_ED') break;
      const target = await targetOf(t, gameId, roundIndex);
      const aView = a.view(gameId);
      expect(aView.rounds[roundIndex]!.loc).toBeNull();
      expect(aView.rounds[roundIndex]!.pano?.url).toMatch(/^\/pano\//);
      if (roundIndex === 0) {
        const picture = await t.http.get(aView.rounds[0]!.pano!.url).expect(200);
        expect(picture.headers['content-type']).toBe('image/jpeg');
      }

      await a.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, 500), final: true });
      // Bo sees that Ada has guessed, not where.
      const seen = await b.until(gameId, (view) => view.rounds[roundIndex]?.gus[ada.profile.uid]?.isF === true, "Ada's guess");
      expect(seen.rounds[roundIndex]!.gus[ada.profile.uid]!.loc).toBeNull();
      await b.ok('PlaceGuess', { gameId, roundIndex, loc: target, final: true });

      const ended = await a.until(gameId, (view) => view.rounds[roundIndex]?.ended === true, `round ${roundIndex} result`);
      expect(ended.rounds[roundIndex]!.loc).toEqual(target);
      expect(ended.rounds[roundIndex]!.gus[bo.profile.uid]).toMatchObject({ loc: target, points: 10000, distance: 0 });
    }

    const final = await a.until(gameId, (view) => view.status === 'G_ED', 'the end of the duel');
    expect(final.rounds).toHaveLength(3);
    const adaTeam = final.us[ada.profile.uid]!.team!;
    const boTeam = final.us[bo.profile.uid]!.team!;
    expect(final.teams![adaTeam]!.hp).toBe(0);
    expect(final.teams![boTeam]!.hp).toBe(6000);
    expect(final.result).toMatchObject({ reason: 'knockout', winnerTeam: boTeam });
    expect(final.cr).toBe(2);

    // Exactly one RoundEnded per round, in the event store.
    const events = await gameEvents(t, gameId);
    expect(events.filter((event) => event.type === 'RoundEnded').map((event) => event.type === 'RoundEnded' && event.data.roundIndex)).toEqual([0, 1, 2]);

    // Answer-blind: no push carried a round's target before that round ended.
    for (const client of [a, b, watcher]) {
      for (const { view } of client.pushes) {
        for (const round of view.rounds) if (!round.ended && view.status !== 'G_ED') expect(round.loc).toBeNull();
      }
    }
    // And in every message as it came: no target before its round's result, nobody else's marker.
    await expectAnswerBlindMessages(t, gameId, a, ada.profile.uid);
    await expectAnswerBlindMessages(t, gameId, b, bo.profile.uid);
    await expectAnswerBlindMessages(t, gameId, watcher, null);
    // Versions only grow, for each socket.
    for (const client of [a, b, watcher]) {
      const versions = client.pushes.filter((push) => push.gameId === gameId).map((push) => push.version);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
      expect(new Set(versions).size).toBe(versions.length);
    }
    // The spectator never saw a guess during a round in progress, and ends up seeing the final result.
    for (const { view } of watcher.pushes) {
      if (view.status === 'SED') for (const guess of Object.values(view.rounds[view.cr]!.gus)) expect(guess.loc).toBeNull();
    }
    const watched = await watcher.until(gameId, (view) => view.status === 'G_ED', 'the spectator to see the end');
    expect(watched.result?.winnerTeam).toBe(boTeam);
    // Spectators share one view, sent to them together: both saw the same versions, each once.
    await second.until(gameId, (view) => view.status === 'G_ED', 'the second spectator to see the end');
    const versionsOf = (client: typeof second) => client.pushes.filter((push) => push.gameId === gameId).map((push) => push.version);
    expect(versionsOf(second)).toEqual(versionsOf(watcher));
    expect(second.view(gameId)).toEqual(watcher.view(gameId));
    // The very same messages, byte for byte: one encoding for the spectators' room.
    const bytesOf = (client: typeof second) => client.messages.filter((message) => message.gameId === gameId).map((message) => JSON.stringify(message));
    expect(bytesOf(second)).toEqual(bytesOf(watcher));
    expect(watcher.gaps + second.gaps + a.gaps + b.gaps).toBe(0);
  });

  it('brings a player whose connection dropped back into the same round with nothing lost', async () => {
    const gameId = await newDuel(ada);
    const a = await connect(ada);
    const b = await connect(bo);
    await a.ok('JoinGame', { gameId });
    await b.ok('JoinGame', { gameId });
    await a.ok('SetReady', { gameId, ready: true });
    await b.ok('SetReady', { gameId, ready: true });
    await a.until(gameId, playing(0), 'round 0');
    const target = await targetOf(t, gameId, 0);
    await a.ok('PlaceGuess', { gameId, roundIndex: 0, loc: offset(target, 100), final: true });

    a.close();
    await b.until(gameId, (view) => view.us[ada.profile.uid]?.isC === false, 'Ada offline');

    // Back on a new connection: the REST view first, then only newer pushes.
    const again = await connect(ada);
    const fetched = (await t.http.get(`/games/${gameId}`).set('Authorization', ada.token).expect(200)).body as GameView;
    again.hold(gameId, fetched);
    expect(fetched).toMatchObject({ status: 'SED', cr: 0, viewer: { role: 'player', playerId: ada.profile.uid } });
    expect(fetched.rounds[0]!.gus[ada.profile.uid]).toMatchObject({ isF: true, loc: offset(target, 100) });
    const rejoined = await again.ok('JoinGame', { gameId });
    expect(rejoined.version).toBeGreaterThan(fetched.version);
    await b.until(gameId, (view) => view.us[ada.profile.uid]?.isC === true, 'Ada back');

    await b.ok('PlaceGuess', { gameId, roundIndex: 0, loc: target, final: true });
    const ended = await again.until(gameId, (view) => view.rounds[0]?.ended === true, 'the round to end for the returning player');
    expect(ended.rounds[0]!.gus[ada.profile.uid]).toMatchObject({ loc: offset(target, 100), points: expect.any(Number) });
  });

  it('answers every refused command with a code and a message', async () => {
    // Everyone is signed up and connected before the duel exists: at 20× a game nobody has joined is
    // abandoned after 3.75 s, which a slow sign-up (password hashing under load) could take.
    const [a, b, outsider] = [await connect(ada), await connect(bo), await connect(await signedUpPlayer(t, 'Cy'))];
    const gameId = await newDuel(ada);
    const refused = async (client: LiveClient, ...args: Parameters<LiveClient['send']>) => {
      const ack = await client.send(...args);
      if (ack.ok) throw new Error(`${args[0]} was accepted`);
      expect(ack.error.message.length).toBeGreaterThan(5);
      return ack.error;
    };

    expect(await refused(a, 'JoinGame', { gameId: 'no-such-game' })).toMatchObject({ code: 'not_found', field: 'gameId' });
    expect(await refused(a, 'JoinGame', { gameId: 42 } as never)).toMatchObject({ code: 'validation_failed', field: 'gameId' });
    expect(await refused(a, 'SetReady', { gameId, ready: true })).toMatchObject({ code: 'not_in_game' });

    await a.ok('JoinGame', { gameId });
    await b.ok('JoinGame', { gameId });
    expect(await refused(outsider, 'JoinGame', { gameId })).toMatchObject({ code: 'game_full' });
    expect(await refused(outsider, 'PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 0, lng: 0 }, final: true })).toMatchObject({ code: 'not_in_game' });
    expect(await refused(a, 'PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 0, lng: 0 }, final: true })).toMatchObject({ code: 'wrong_phase' });
    expect(await refused(a, 'ChooseTeam', { gameId, team: '1' })).toMatchObject({ code: 'no_teams' });

    await a.ok('SetReady', { gameId, ready: true });
    await b.ok('SetReady', { gameId, ready: true });
    await a.until(gameId, playing(0), 'round 0');
    expect(await refused(a, 'PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 95, lng: 0 }, final: true })).toMatchObject({ code: 'invalid_coordinates' });
    expect(await refused(a, 'PlaceGuess', { gameId, roundIndex: 3, loc: { lat: 0, lng: 0 }, final: true })).toMatchObject({ code: 'wrong_phase' });
    expect(await refused(b, 'ForceEndRound', { gameId, roundIndex: 0 })).toMatchObject({ code: 'not_host' });
    expect(await refused(a, 'PostChat', { gameId, text: 'x'.repeat(201) })).toMatchObject({ field: 'text' });
    expect(await refused(b, 'RestartGame', { gameId })).toMatchObject({ code: 'not_host' });

    await a.ok('ForceEndRound', { gameId, roundIndex: 0 });
    await a.until(gameId, (view) => view.rounds[0]?.ended === true, 'the forced end');
    expect(await refused(b, 'PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 0, lng: 0 }, final: true })).toMatchObject({ code: 'round_over' });
  });

  it("sends nobody else a view for a player's later unconfirmed marker moves: nothing they may see changed", async () => {
    // No round time: at 20× a 60 s round lasts 3 s of wall time, which a loaded machine spent before the moves.
    const gameId = await newDuel(ada, { rl: -1 });
    const [a, b, watcher] = [await connect(ada), await connect(bo), await connect(await anonymousPlayer(t))];
    await a.ok('JoinGame', { gameId });
    await b.ok('JoinGame', { gameId });
    await a.ok('SetReady', { gameId, ready: true });
    await b.ok('SetReady', { gameId, ready: true });
    await a.until(gameId, playing(0), 'round 0');
    await watcher.ok('WatchGame', { gameId });

    await a.ok('PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 1, lng: 1 }, final: false });
    await b.until(gameId, (view) => view.rounds[0]?.gus[ada.profile.uid] !== undefined, "Ada's first marker");
    const seenByBo = b.pushes.length;
    const seenByWatcher = watcher.pushes.length;
    for (const lat of [2, 3, 4]) await a.ok('PlaceGuess', { gameId, roundIndex: 0, loc: { lat, lng: 1 }, final: false });
    await a.until(gameId, (view) => view.rounds[0]?.gus[ada.profile.uid]?.loc?.lat === 4, 'Ada to see her own marker move');

    // Bo's next push is the confirmed guess, whose "has guessed" he may see.
    await a.ok('PlaceGuess', { gameId, roundIndex: 0, loc: { lat: 5, lng: 1 }, final: true });
    await b.until(gameId, (view) => view.rounds[0]?.gus[ada.profile.uid]?.isF === true, "Ada's confirmed guess");
    expect(b.pushes.length).toBe(seenByBo + 1);
    expect(watcher.pushes.length).toBeLessThanOrEqual(seenByWatcher + 1);
  });
});
