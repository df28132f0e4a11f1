import type { Counters, GameView, LatLng, LobbyView, UserProfileView } from '@globetrail/contracts';
import { greatCircleDistance, scoreForDistance } from '@globetrail/contracts';
import { playArenaMatch } from '../support/arena-match.js';
import { LiveClient, offset, targetOf } from '../support/live-client.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { CLOCK_SPEED: '20' } });
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

async function create(host: Player, body: Record<string, unknown>): Promise<string> {
  return (await t.http.post('/games').set('Authorization', host.token).send(body).expect(201)).body.gameId as string;
}

/** Everyone joins and gets ready; resolves when round 0 is on. */
async function startTogether(gameId: string, seats: LiveClient[]): Promise<void> {
  for (const seat of seats) await seat.ok('JoinGame', { gameId });
  for (const seat of seats) await seat.ok('SetReady', { gameId, ready: true });
  await seats[0]!.until(gameId, (view) => view.status === 'SED' && view.cr === 0, 'round 0');
}

/** Plays rounds until the game ends; `guessOf` picks each seat's guess from the round's target. */
async function playOut(gameId: string, seats: Array<{ client: LiveClient; guess: (target: LatLng) => LatLng; r?: number }>): Promise<GameView> {
  const first = seats[0]!.client;
  for (let roundIndex = 0; roundIndex < 40; roundIndex++) {
    const view = await first.until(gameId, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
    if (view.status === 'G_ED') return view;
    const target = await targetOf(t, gameId, roundIndex);
    for (const seat of seats) await seat.client.ok('PlaceGuess', { gameId, roundIndex, loc: seat.guess(target), ...(seat.r === undefined ? {} : { r: seat.r }), final: true });
    await first.until(gameId, (v) => v.rounds[roundIndex]?.ended === true || v.status === 'G_ED', `round ${roundIndex} result`);
  }
  throw new Error('the game did not end in 40 rounds');
}

describe('every live mode plays to GAME_ENDED with real clients', () => {
  it('team guesser: two against two, the better team knocks the other out while a spectator watches', async () => {
    const players = [await signedUpPlayer(t, 'T1'), await signedUpPlayer(t, 'T2'), await signedUpPlayer(t, 'T3'), await signedUpPlayer(t, 'T4')];
    const gameId = await create(players[0]!, { gameT: 'T', nr: 10 });
    const seats = await Promise.all(players.map(connect));
    const watcher = await connect(await anonymousPlayer(t));
    await watcher.ok('WatchGame', { gameId });
    await startTogether(gameId, seats);
    const teams = seats[0]!.view(gameId).us;
    expect(Object.values(teams).map((u) => u.team).sort()).toEqual(['0', '0', '1', '1']);

    // Team '1' always has one player on the target; team '0' is 1,000 km off: 3,679 damage a round at ×1.
    const final = await playOut(
      gameId,
      seats.map((client, i) => ({ client, guess: (target: LatLng) => (teams[players[i]!.profile.uid]!.team === '1' && i < 3 ? target : offset(target, 1000)) })),
    );
    expect(final.result).toMatchObject({ reason: 'knockout', winnerTeam: '1' });
    expect(final.teams!['0']!.hp).toBe(0);
    expect(final.rounds).toHaveLength(2);
    expect(final.rounds[0]!.damage).toMatchObject({ team: '0', multiplier: 1 });
    await watcher.until(gameId, (view) => view.status === 'G_ED', 'the spectator to see the end');
  });

  it('circles: a guess scores as if it were r away when the target is inside its circle, 0 outside', async () => {
    const [host, other] = [await signedUpPlayer(t, 'C1'), await signedUpPlayer(t, 'C2')];
    const gameId = await create(host, { gameT: 'C', nr: 1 });
    const [a, b] = [await connect(host), await connect(other)];
    await startTogether(gameId, [a, b]);
    const final = await playOut(gameId, [
      { client: a, guess: (target) => offset(target, 50), r: 100_000 },
      { client: b, guess: (target) => offset(target, 300), r: 100_000 },
    ]);
    // The view names its map, so the guess map opens on the map's extent.
    expect(final).toMatchObject({ mapId: 'world', mapName: 'World' });
    const round = final.rounds[0]!;
    expect(round.gus[host.profile.uid]!.points).toBe(scoreForDistance(100_000, final.mmd));
    expect(round.gus[other.profile.uid]!.points).toBe(0);
    expect(final.result!.standings[0]).toMatchObject({ place: 1, playerIds: [host.profile.uid] });
  });

  it('best guesser: standard points, ranked by total, ties sharing a place', async () => {
    const [x, y, z] = [await signedUpPlayer(t, 'A1'), await signedUpPlayer(t, 'A2'), await signedUpPlayer(t, 'A3')];
    const gameId = await create(x, { gameT: 'A', nr: 2 });
    const seats = [await connect(x), await connect(y), await connect(z)];
    await startTogether(gameId, seats);
    const final = await playOut(gameId, [
      { client: seats[0]!, guess: (target) => offset(target, 200) },
      { client: seats[1]!, guess: (target) => offset(target, 200) },
      { client: seats[2]!, guess: (target) => offset(target, 2000) },
    ]);
    expect(final.cr).toBe(-1);
    const [first, third] = final.result!.standings;
    expect(first).toMatchObject({ place: 1 });
    expect(first!.playerIds.sort()).toEqual([x.profile.uid, y.profile.uid].sort());
    expect(third).toMatchObject({ place: 3, playerIds: [z.profile.uid] });
    const expected = scoreForDistance(greatCircleDistance(offset({ lat: 10, lng: 10 }, 200), { lat: 10, lng: 10 }));
    expect(Math.abs(final.us[x.profile.uid]!.points - 2 * expected)).toBeLessThanOrEqual(2);
  });

  it('arena: two queued players are matched, play a ranked duel, and both ratings change on their profiles', async () => {
    const [p, q] = [await signedUpPlayer(t, 'L1'), await signedUpPlayer(t, 'L2')];
    const [a, b] = [await connect(p), await connect(q)];
    const matched = Promise.all([a, b].map((client) => new Promise<string>((resolve) => client.socket.once('ArenaMatched', ({ gameId }) => resolve(gameId)))));
    await a.ok('EnterArena', {});
    await b.ok('EnterArena', { mElo: 900 });
    const [gameId, sameGame] = await matched;
    expect(sameGame).toBe(gameId);
    await a.ok('JoinGame', { gameId: gameId! });
    await b.ok('JoinGame', { gameId: gameId! });
    await a.until(gameId!, (view) => view.status === 'SED', 'the match to start by itself');
    expect(a.view(gameId!)).toMatchObject({ gameT: 'L', origin: 'arena' });

    const rated = Promise.all(
      [a, b].map((client) => new Promise<UserProfileView>((resolve) => client.socket.on('ProfileChanged', ({ profile }) => profile.elo !== 1000 && resolve(profile)))),
    );
    const final = await playOut(gameId!, [
      { client: a, guess: (target) => target },
      { client: b, guess: (target) => offset(target, 3000) },
    ]);
    expect(final.result!.ratingChanges).toEqual({ [p.profile.uid]: { before: 1000, after: 1016 }, [q.profile.uid]: { before: 1000, after: 984 } });

    // The ratings process manager appends to both user streams; each player's profile push shows it.
    expect((await rated).map((profile) => profile.elo)).toEqual([1016, 984]);
    const profileOf = async (player: Player) => (await t.http.get('/user/profile').set('Authorization', player.token).expect(200)).body as UserProfileView;
    expect((await profileOf(q)).elo).toBe(984);
    expect((await t.http.get(`/arena/getEloRank/${p.profile.uid}`).expect(200)).body).toMatchObject({ elo: 1016, rank: 1, games: 1 });
  });

  it('lobby: a waiting duel is listed and pushed to the lobby; a player below its minimum Elo cannot join', async () => {
    const [host, low] = [await signedUpPlayer(t, 'Host'), await signedUpPlayer(t, 'Low')];
    const browsing = await connect(low);
    const first = await browsing.ok('EnterLobby', {});
    const listed = new Promise<LobbyView>((resolve) => browsing.socket.on('LobbyChanged', (view) => view.duels.length > first.duels.length && resolve(view)));
    const hostClient = await connect(host);
    const gameId = await create(host, { gameT: 'D', listInLobby: true, mElo: 1100 });
    await hostClient.ok('JoinGame', { gameId });
    const view = await listed;
    expect(view.duels.find((duel) => duel.gameId === gameId)).toMatchObject({ host: { id: host.profile.uid, name: 'Host', elo: 1000 }, mElo: 1100 });
    expect((await t.http.get('/lobby/duels').expect(200)).body.duels.map((d: { gameId: string }) => d.gameId)).toContain(gameId);
    const refused = await browsing.send('JoinGame', { gameId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'elo_too_low' } });
  });

  it('counts players in the lobby and the arena and pushes the counts to every socket', async () => {
    const watcher = await connect(await anonymousPlayer(t));
    const before = (await t.http.get('/arena/nplayers').expect(200)).body as Counters;
    const pushed = new Promise<Counters>((resolve) => watcher.socket.on('CountersChanged', (counters) => counters.lobby > before.lobby && resolve(counters)));
    const visitor = await connect(await anonymousPlayer(t));
    await visitor.ok('EnterLobby', {});
    expect((await pushed).lobby).toBe(before.lobby + 1);
    expect((await t.http.get('/arena/nplayers').expect(200)).body).toMatchObject({ lobby: before.lobby + 1 });
  });

  it('stops counting a player who left the lobby at once; a dropped connection still counts for the window', async () => {
    const counters = async () => (await t.http.get('/arena/nplayers').expect(200)).body as Counters;
    const before = (await counters()).lobby;
    const leaving = await connect(await anonymousPlayer(t));
    await leaving.ok('EnterLobby', {});
    expect((await counters()).lobby).toBe(before + 1);
    await leaving.ok('LeaveLobby', {});
    expect((await counters()).lobby).toBe(before);

    const dropping = await connect(await anonymousPlayer(t));
    await dropping.ok('EnterLobby', {});
    dropping.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // SPEC §5: seen within the last 75 s counts, so a flaky connection does not flicker the badge.
    expect((await counters()).lobby).toBe(before + 1);
  });

  it('counts an arena match’s players while it is played, not once it is over (they may still look at its result)', async () => {
    const counters = async () => (await t.http.get('/arena/nplayers').expect(200)).body as Counters;
    const before = (await counters()).arena;
    let during = -1;
    const match = await playArenaMatch(t, [await signedUpPlayer(t, 'Arena A'), await signedUpPlayer(t, 'Arena B')], {
      started: async () => {
        // The queue was left on matching: both count through the match they play.
        for (const client of clients.slice(-2)) await client.ok('LeaveArena', {});
        during = (await counters()).arena;
      },
      connected: (pair) => clients.push(...pair),
    });
    expect(during).toBe(before + 2);
    expect(match.final.status).toBe('G_ED');
    expect((await counters()).arena).toBe(before);
  });
});
