import type { DailyChallenges, GameEventOf, GameView, GhostSourceView, LatLng, MatchAuditResponse, PlayerDuels } from '@globetrail/contracts';
import { EVENT_STORE } from '../../services/src/app/tokens.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../services/src/platform/event-store/domain-event.js';
import { gameEvents, LiveClient, offset, targetOf } from '../support/live-client.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** Game timers run 20× faster: a 3 s countdown takes 150 ms, a 60 s round 3 s. */
let t: TestApp;
let ada: Player;
let bo: Player;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { CLOCK_SPEED: '20' } });
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

/** A point as a JSON text holds it (the guest's own guesses share a target's longitude, so the pair). */
const coordinates = (at: LatLng) => [`"lat":${at.lat},"lng":${at.lng}`];

/**
 * A private duel of `host` against `guest` played to its end over real sockets: each round `guest` may first
 * leave a marker (`guestMarkerKm` off), then both confirm `hostKm` and `guestKm` from the target.
 */
async function playDuel(host: Player, guest: Player, { hostKm, guestKm, guestMarkerKm }: { hostKm: number; guestKm: number; guestMarkerKm?: number }): Promise<{ gameId: string; final: GameView }> {
  const gameId = ((await t.http.post('/games').set('Authorization', host.token).send({ gameT: 'D' }).expect(201)).body as { gameId: string }).gameId;
  const [a, b] = [await connect(host), await connect(guest)];
  await a.ok('JoinGame', { gameId });
  await b.ok('JoinGame', { gameId });
  await a.ok('SetReady', { gameId, ready: true });
  await b.ok('SetReady', { gameId, ready: true });
  for (let roundIndex = 0; roundIndex < 10; roundIndex++) {
    const view = await a.until(gameId, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
    if (view.status === 'G_ED') break;
    const target = await targetOf(t, gameId, roundIndex);
    if (guestMarkerKm !== undefined) await b.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, guestMarkerKm), final: false });
    await b.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, guestKm), final: true });
    await a.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, hostKm), final: true });
    await a.until(gameId, (v) => v.rounds[roundIndex]?.ended === true || v.status === 'G_ED', `round ${roundIndex} result`);
  }
  return { gameId, final: await a.until(gameId, (v) => v.status === 'G_ED', 'the end of the duel') };
}

/**
 * The recorded duel: each round Bo first leaves a marker 3,000 km off, then confirms 50 km from the
 * target; Ada confirms 600 km off. Bo knocks Ada out.
 */
async function recordedDuel(): Promise<string> {
  return (await playDuel(ada, bo, { hostKm: 600, guestKm: 50, guestMarkerKm: 3000 })).gameId;
}

describe('ghost duels', () => {
  let sourceId: string;
  beforeAll(async () => {
    sourceId = await recordedDuel();
  });

  it('describe a finished duel and who played it, never a guess or a target; refuse what is not one', async () => {
    const described = (await t.http.get(`/ghosts/${sourceId}`).expect(200)).body as GhostSourceView;
    expect(described).toMatchObject({ gameId: sourceId, gameT: 'D', origin: 'private', rl: 60, s_hp: 6000 });
    expect(described.players).toEqual(
      expect.arrayContaining([
        { playerId: bo.profile.uid, name: 'Bo', hp: 6000 - 0, won: true, ghost: false },
        expect.objectContaining({ playerId: ada.profile.uid, name: 'Ada', hp: 0, won: false }),
      ]),
    );
    for (const event of await gameEvents(t, sourceId)) {
      if (event.type === 'RoundStarting') for (const part of coordinates(event.data.target)) expect(JSON.stringify(described)).not.toContain(part);
    }
    await t.http.get('/ghosts/no-such-game').expect(404);
    const waiting = ((await t.http.post('/games').set('Authorization', ada.token).send({ gameT: 'D' }).expect(201)).body as { gameId: string }).gameId;
    expect((await t.http.get(`/ghosts/${waiting}`).expect(409)).body).toMatchObject({ code: 'not_ghostable' });
    const classic = ((await t.http.post('/games').set('Authorization', ada.token).send({ gameT: 'A' }).expect(201)).body as { gameId: string }).gameId;
    expect((await t.http.get(`/ghosts/${classic}`).expect(409)).body).toMatchObject({ code: 'not_ghostable' });
  });

  it('refuse a bad request naming the field, and ask who is playing', async () => {
    await t.http.post('/ghosts').send({ gameId: sourceId, playerId: bo.profile.uid }).expect(401);
    expect((await t.http.post('/ghosts').set('Authorization', ada.token).send({ playerId: bo.profile.uid }).expect(400)).body).toMatchObject({ field: 'gameId' });
    expect((await t.http.post('/ghosts').set('Authorization', ada.token).send({ gameId: sourceId, playerId: 'someone-else' }).expect(400)).body).toMatchObject({ field: 'playerId' });
  });

  it("let a guest duel Bo's ghost to the end: nothing before the guest's result holds the target or the ghost's guess, the ghost guesses as Bo did, and the game audits fair", async () => {
    const guest = await anonymousPlayer(t);
    const { gameId } = (await t.http.post('/ghosts').set('Authorization', guest.token).send({ gameId: sourceId, playerId: bo.profile.uid }).expect(201)).body as { gameId: string };
    const events = await gameEvents(t, gameId);
    const recording = events.find((event): event is GameEventOf<'GhostRecorded'> => event.type === 'GhostRecorded')!.data;
    expect(recording.source).toMatchObject({ gameId: sourceId, playerId: bo.profile.uid, name: 'Bo' });
    const ghostId = recording.playerId;

    // Everything the guest's socket is sent, as text, in order.
    const received: string[] = [];
    const g = await connect(guest);
    g.socket.onAny((...args: unknown[]) => received.push(JSON.stringify(args)));
    const joined = await g.ok('JoinGame', { gameId });
    received.push(JSON.stringify(joined));
    expect(joined).toMatchObject({ origin: 'ghost', gameT: 'D', ghost: { playerId: ghostId, sourceGameId: sourceId, sourcePlayerId: bo.profile.uid } });
    expect(joined.us[ghostId]).toMatchObject({ name: 'Bo', isC: true });

    let rounds = 0;
    for (let roundIndex = 0; roundIndex < 10; roundIndex++) {
      const view = await g.until(gameId, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
      if (view.status === 'G_ED') break;
      rounds += 1;
      const target = await targetOf(t, gameId, roundIndex);
      const ghostGuesses = recording.rounds[roundIndex]!.guesses.map((guess) => guess.loc);
      // The guest guesses at once, 600 km off, and waits for the ghost as for a live opponent.
      await g.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, 600), final: true });
      const polled = (await t.http.get(`/games/${gameId}`).set('Authorization', guest.token).expect(200)).body as GameView;
      received.push(JSON.stringify(polled));
      const ended = await g.until(gameId, (v) => v.rounds[roundIndex]?.ended === true, `round ${roundIndex} result`);
      // Up to the message that ends the round, no text held this round's target or any of the ghost's guesses.
      const resultAt = received.findIndex((text) => text.includes('"ended":true') && text.includes(`"index":${roundIndex},`));
      expect(resultAt).toBeGreaterThan(0);
      const upToResult = received.slice(0, resultAt);
      for (const point of [target, ...ghostGuesses]) for (const part of coordinates(point)) expect(upToResult.some((text) => text.includes(part))).toBe(false);
      received.length = 0;
      expect(ended.rounds[roundIndex]!.loc).toEqual(target);
      expect(ended.rounds[roundIndex]!.gus[ghostId]).toMatchObject({ loc: ghostGuesses.at(-1), isF: true });
    }
    const final = await g.until(gameId, (v) => v.status === 'G_ED', 'the end');
    // The same guesses as Bo's against the guest's 600 km: Bo's ghost wins in as many rounds as Bo did.
    const sourceRounds = (await gameEvents(t, sourceId)).filter((event) => event.type === 'RoundEnded').length;
    expect(rounds).toBe(sourceRounds);
    expect(final.result).toMatchObject({ reason: 'knockout', winnerTeam: final.us[ghostId]!.team, ratingChanges: {} });

    // Each ghost guess was placed at its recorded time after its round's start.
    const played = await gameEvents(t, gameId);
    const started = new Map(played.flatMap((event) => (event.type === 'RoundStarted' ? [[event.data.roundIndex, event.data.startedAt] as const] : [])));
    const ghostPlaced = played.filter((event): event is GameEventOf<'GuessPlaced'> => event.type === 'GuessPlaced' && event.data.playerId === ghostId);
    expect(ghostPlaced.map((event) => [event.data.roundIndex, Date.parse(event.data.at) - started.get(event.data.roundIndex)!, event.data.isF])).toEqual(
      recording.rounds.flatMap((round, index) => round.guesses.map((guess) => [index, guess.afterMs, guess.isF])),
    );

    const audit = (await t.http.get(`/arena/${gameId}/audit`).expect(200)).body as MatchAuditResponse;
    expect(audit.audit.findings.filter((finding) => !finding.ok)).toEqual([]);
    expect(audit.audit.verdict).toBe('fair');
    expect(audit.audit.findings.some((finding) => finding.check === 'round 1: ghost guess 2 as recorded')).toBe(true);

    // The ghost duel is itself a finished duel: the guest's side of it can be duelled in turn.
    const again = (await t.http.get(`/ghosts/${gameId}`).expect(200)).body as GhostSourceView;
    expect(again.players.find((player) => player.playerId === ghostId)).toMatchObject({ ghost: true, won: true });
  });
});

describe("a profile's duels, where a ghost duel starts", () => {
  it("lists a player's finished duels newest first, with the opponent, the outcome and a ghost marked; a deleted opponent's name goes", async () => {
    const [ed, flo] = [await signedUpPlayer(t, 'Ed'), await signedUpPlayer(t, 'Flo')];
    const { gameId, final: ended } = await playDuel(ed, flo, { hostKm: 10, guestKm: 2000 });
    const f = await connect(flo);
    const listed = async (player: Player) => {
      // The read model follows the game's end: wait for it (bounded).
      for (let tries = 0; tries < 100; tries++) {
        const { duels } = (await t.http.get(`/user/duels/${player.profile.uid}`).expect(200)).body as PlayerDuels;
        if (duels.length > 0) return duels;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no duel listed');
    };
    expect((await listed(ed))[0]).toMatchObject({ gameId, gameT: 'D', origin: 'private', mapName: 'World', opponent: { id: flo.profile.uid, name: 'Flo', ghost: false }, outcome: 'won', hp: 6000, opponentHp: 0, rounds: ended.rounds.length });

    // Flo duels Ed's ghost from that list, and loses again: her list has it on top, the ghost marked.
    const { gameId: ghostGame } = (await t.http.post('/ghosts').set('Authorization', flo.token).send({ gameId, playerId: ed.profile.uid }).expect(201)).body as { gameId: string };
    await f.ok('JoinGame', { gameId: ghostGame });
    for (let roundIndex = 0; roundIndex < 10; roundIndex++) {
      const view = await f.until(ghostGame, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
      if (view.status === 'G_ED') break;
      await f.ok('PlaceGuess', { gameId: ghostGame, roundIndex, loc: offset(await targetOf(t, ghostGame, roundIndex), 2000), final: true });
      await f.until(ghostGame, (v) => v.rounds[roundIndex]?.ended === true || v.status === 'G_ED', `round ${roundIndex} result`);
    }
    await f.until(ghostGame, (v) => v.status === 'G_ED', 'the end');
    let top = (await listed(flo))[0]!;
    for (let tries = 0; top.gameId !== ghostGame && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      top = (await listed(flo))[0]!;
    }
    expect(top).toMatchObject({ gameId: ghostGame, origin: 'ghost', opponent: { id: `ghost:${ed.profile.uid}`, name: 'Ed', ghost: true }, outcome: 'lost' });
    // No entry for the ghost itself.
    expect(((await t.http.get(`/user/duels/ghost:${ed.profile.uid}`).expect(200)).body as PlayerDuels).duels).toEqual([]);

    // Ed deletes his account: his own list is gone, and Flo's shows her opponent and his ghost without his name.
    await t.http.get('/user/delete').set('Authorization', ed.token).expect(200);
    for (let tries = 0; tries < 100; tries++) {
      const { duels } = (await t.http.get(`/user/duels/${flo.profile.uid}`).expect(200)).body as PlayerDuels;
      const [first, ghost] = [duels.find((duel) => duel.gameId === gameId), duels.find((duel) => duel.gameId === ghostGame)];
      if (first?.opponent.name === null && ghost?.opponent.name === null && ((await t.http.get(`/user/duels/${ed.profile.uid}`)).body as PlayerDuels).duels.length === 0) {
        // Nor is he anyone's ghost any more, nor named on the duel's ghost page.
        const described = (await t.http.get(`/ghosts/${gameId}`).expect(200)).body as GhostSourceView;
        expect(described.players.map((player) => player.name)).toEqual(['Flo']);
        expect((await t.http.post('/ghosts').set('Authorization', flo.token).send({ gameId, playerId: ed.profile.uid }).expect(409)).body).toMatchObject({ code: 'not_ghostable', field: 'playerId' });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the deleted player's name or list stayed");
  });
});

describe("the ghost of today's best daily player", () => {
  /** Plays every round of a challenge, guessing `km` north of each target once `waitMs` of wall time passed. */
  async function playDaily(player: Player, id: string, km: number, waitMs = 0): Promise<void> {
    await t.http.post('/challenges/join').set('Authorization', player.token).send({ id }).expect(200);
    for (let roundNumber = 0; roundNumber < 5; roundNumber++) {
      await t.http.post(`/challenge/${id}/round`).set('Authorization', player.token).send({ roundNumber }).expect(201);
      const started = (await gameEventsOf(`challengeplay-${id}~${player.profile.uid}`)).findLast((event) => event.type === 'ChallengeRoundStarted');
      const target = (started as { data: { target: LatLng } }).data.target;
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      const guess = offset(target, km);
      await t.http.post('/challenges/addScore').set('Authorization', player.token).send({ id, roundNumber, guessLoc: `${guess.lat},${guess.lng}` }).expect(200);
    }
  }
  const gameEventsOf = async (stream: string) => (await t.app.get<EventStore>(EVENT_STORE).readStream(stream)).map(toDomainEvent);

  it("is for players who finished the daily; the best other player's guesses come back at the times they took", async () => {
    const [cy, di] = [await signedUpPlayer(t, 'Cy'), await signedUpPlayer(t, 'Di')];
    const { challenges } = (await t.http.get('/challenges/daily').expect(200)).body as DailyChallenges;
    const daily = challenges[0]!.id;
    // Cy plays the daily well, taking about 10 s of game time a round (0.5 s at 20×).
    await playDaily(cy, daily, 20, 500);
    // Di has not played it: a ghost duel would show her today's places first.
    expect((await t.http.post('/ghosts').set('Authorization', di.token).send({ challengeId: daily }).expect(409)).body).toMatchObject({ code: 'play_challenge_first', field: 'challengeId' });
    expect((await t.http.post('/ghosts').set('Authorization', di.token).send({ challengeId: 'no-such-challenge' }).expect(404)).body).toMatchObject({ field: 'challengeId' });
    expect((await t.http.post('/ghosts').set('Authorization', di.token).send({ challengeId: daily, gameId: 'x' }).expect(400)).body).toMatchObject({ field: 'gameId' });
    await playDaily(di, daily, 3000);

    const { gameId } = (await t.http.post('/ghosts').set('Authorization', di.token).send({ challengeId: daily }).expect(201)).body as { gameId: string };
    const recording = (await gameEvents(t, gameId)).find((event): event is GameEventOf<'GhostRecorded'> => event.type === 'GhostRecorded')!.data;
    expect(recording).toMatchObject({ playerId: `ghost:${cy.profile.uid}`, source: { kind: 'challenge', gameId: daily, playerId: cy.profile.uid, name: 'Cy' } });
    const scored = (await gameEventsOf(`challengeplay-${daily}~${cy.profile.uid}`)).flatMap((event) => (event.type === 'ChallengeRoundScored' ? [event.data] : []));
    expect(recording.rounds.map((round) => round.guesses.map((guess) => [guess.loc, guess.afterMs]))).toEqual(scored.map((round) => [[round.guess, round.timeTakenMs]]));

    const d = await connect(di);
    const joined = await d.ok('JoinGame', { gameId });
    expect(joined.ghost).toMatchObject({ sourceKind: 'challenge', sourceGameId: daily });
    for (let roundIndex = 0; roundIndex < 5; roundIndex++) {
      const view = await d.until(gameId, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
      if (view.status === 'G_ED') break;
      const target = await targetOf(t, gameId, roundIndex);
      // Today's places, in today's order.
      expect(target).toEqual(scored[roundIndex]!.target);
      await d.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, 3000), final: true });
      await d.until(gameId, (v) => v.rounds[roundIndex]?.ended === true, `round ${roundIndex} result`);
    }
    const final = await d.until(gameId, (v) => v.status === 'G_ED', 'the end');
    expect(final.result).toMatchObject({ reason: 'knockout', winnerTeam: final.us[recording.playerId]!.team });
    const played = await gameEvents(t, gameId);
    const started = new Map(played.flatMap((event) => (event.type === 'RoundStarted' ? [[event.data.roundIndex, event.data.startedAt] as const] : [])));
    for (const event of played) {
      if (event.type === 'GuessPlaced' && event.data.playerId === recording.playerId) expect(Date.parse(event.data.at) - started.get(event.data.roundIndex)!).toBe(scored[event.data.roundIndex]!.timeTakenMs);
    }

    // Today's places stay Di's: nobody else watches, audits, lists or duels a ghost from her game.
    const outsider = await signedUpPlayer(t, 'Gus');
    await t.http.get(`/games/${gameId}`).expect(404);
    await t.http.get(`/games/${gameId}`).set('Authorization', outsider.token).expect(404);
    await t.http.get(`/games/${gameId}`).set('Authorization', di.token).expect(200);
    const watcher = await connect(outsider);
    const watched = await watcher.send('WatchGame', { gameId });
    expect(watched).toMatchObject({ ok: false, error: { code: 'not_found' } });
    await t.http.get(`/arena/${gameId}/audit`).expect(404);
    await t.http.get(`/arena/${gameId}/audit`).set('Authorization', outsider.token).expect(404);
    expect(((await t.http.get(`/arena/${gameId}/audit`).set('Authorization', di.token).expect(200)).body as MatchAuditResponse).audit.verdict).toBe('fair');
    expect((await t.http.get(`/ghosts/${gameId}`).expect(409)).body).toMatchObject({ code: 'not_ghostable' });
    expect((await t.http.post('/ghosts').set('Authorization', outsider.token).send({ gameId, playerId: di.profile.uid }).expect(409)).body).toMatchObject({ code: 'not_ghostable' });
    expect(((await t.http.get(`/user/duels/${di.profile.uid}`).expect(200)).body as PlayerDuels).duels.map((duel) => duel.gameId)).not.toContain(gameId);
  });
});
