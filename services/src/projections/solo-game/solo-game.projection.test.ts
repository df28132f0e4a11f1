import type { DomainEvent } from '@globetrail/contracts';
import { project } from '../testing/project.js';
import { soloGameProjection } from './solo-game.projection.js';
import { roundPanoramasProjection } from '../round-panoramas/round-panoramas.projection.js';

const at = '2026-11-21T10:00:00.000Z';
const target = { lat: 48.8584, lng: 2.2945 };
const events: DomainEvent[] = [
  { type: 'SoloGameStarted', version: 1, data: { gameId: 'g1', playerId: 'p1', mapId: 'world', mapName: 'World', maxMapDistance: 20_037_500, startedAt: at } },
  {
    type: 'SoloRoundStarted',
    version: 1,
    data: { gameId: 'g1', roundIndex: 0, target, targetCountryCode: 'FR', panorama: { token: 'tok-0123456789abcdef', provider: 'local', imageId: 'paris-1', heading: 30 }, shared: false, startedAt: at },
  },
];
const guessed: DomainEvent = {
  type: 'SoloGuessPlaced',
  version: 1,
  data: { gameId: 'g1', roundIndex: 0, guess: { lat: 48, lng: 2 }, target, distanceMeters: 97_000, points: 6150, targetCountryCode: 'FR', guessCountryCode: 'FR', timeTakenMs: 12_000, placedAt: at },
};

describe('solo game projection', () => {
  it('shows a started round by its opaque picture address, without its target', async () => {
    const { solo_games } = await project(soloGameProjection, [['solo-g1', events]]);
    expect(solo_games).toEqual([
      {
        id: 'g1',
        gameId: 'g1',
        playerId: 'p1',
        mapId: 'world',
        mapName: 'World',
        maxMapDistance: 20_037_500,
        startedAt: at,
        totalPoints: 0,
        answerBlind: true,
        settings: { nm: false, nmpz: false, rl: -1, gat: true, hsn: true },
        rounds: [{ roundIndex: 0, panoramaUrl: '/pano/tok-0123456789abcdef', heading: 30, startedAt: at, shared: false, streetView: null, movement: 'move', fallback: false, timeUp: null, deadline: null, result: null }],
      },
    ]);
    expect(JSON.stringify(solo_games)).not.toContain('48.858');
    expect(JSON.stringify(solo_games)).not.toContain('paris-1');
  });

  it("gives a round on Google Street View its panorama id for Google's viewer, and marks the game not answer-blind from then on", async () => {
    const onGoogle = (roundIndex: number, provider: string, imageId: string): DomainEvent => ({
      type: 'SoloRoundStarted',
      version: 1,
      data: { gameId: 'g1', roundIndex, target, targetCountryCode: 'FR', panorama: { token: `tok-${roundIndex}-0123456789abcdef`, provider, imageId, heading: 0 }, shared: false, startedAt: at },
    });
    const { solo_games } = await project(soloGameProjection, [['solo-g1', [...events, guessed, onGoogle(1, 'google', 'Qx7kTb2W3mZp9sLd0vYh4A'), onGoogle(2, 'local', 'paris-3')]]]);
    const game = solo_games![0] as unknown as { answerBlind: boolean; rounds: Array<{ streetView: unknown }> };
    expect(game.answerBlind).toBe(false);
    expect(game.rounds.map((round) => round.streetView)).toEqual([null, { panoId: 'Qx7kTb2W3mZp9sLd0vYh4A' }, null]);
    expect(JSON.stringify(solo_games)).not.toContain('paris-3');
  });

  it('adds the target with the result and sums the points', async () => {
    const { solo_games } = await project(soloGameProjection, [['solo-g1', [...events, guessed]]]);
    expect(solo_games?.[0]).toMatchObject({
      totalPoints: 6150,
      rounds: [{ result: { roundIndex: 0, guess: { lat: 48, lng: 2 }, target, distanceMeters: 97_000, points: 6150, targetCountryCode: 'FR', guessCountryCode: 'FR', timeTakenMs: 12_000 } }],
    });
  });
});

describe('a round whose pictures are turned (yawOffset)', () => {
  const turned: DomainEvent[] = [
    events[0]!,
    {
      type: 'SoloRoundStarted',
      version: 1,
      data: { gameId: 'g1', roundIndex: 0, target, targetCountryCode: 'FR', panorama: { token: 'tok-0123456789abcdef', provider: 'local', imageId: 'paris-1', heading: 30, yawOffset: 300.5 }, shared: false, startedAt: at },
    },
  ];

  it("shows the player the heading in the turned pictures' frame, never the place's own", async () => {
    const { solo_games } = await project(soloGameProjection, [['solo-g1', turned]]);
    expect(solo_games?.[0]).toMatchObject({ rounds: [{ heading: 89.5 }] });
  });

  it('keeps the turn beside the picture, for the server to serve it turned', async () => {
    const { round_panoramas } = await project(roundPanoramasProjection, [['solo-g1', turned]]);
    expect(round_panoramas).toEqual([{ id: 'tok-0123456789abcdef', provider: 'local', imageId: 'paris-1', gameId: 'g1', roundIndex: 0, location: target, yawOffset: 300.5, heading: 30, kind: 'solo' }]);
  });
});

describe('round panoramas projection', () => {
  it('maps each opaque token to its picture and where it was taken, for the server only', async () => {
    const { round_panoramas } = await project(roundPanoramasProjection, [['solo-g1', events]]);
    expect(round_panoramas).toEqual([{ id: 'tok-0123456789abcdef', provider: 'local', imageId: 'paris-1', gameId: 'g1', roundIndex: 0, location: target, heading: 30, kind: 'solo' }]);
  });

  it('maps the pictures of live rounds too', async () => {
    const starting: DomainEvent = {
      type: 'RoundStarting',
      version: 1,
      data: { roundIndex: 2, startsAt: 0, target, targetCountryCode: 'FR', panorama: { token: 'tok-live-0123456789ab', provider: 'local', imageId: 'paris-2', heading: 0 }, at },
    };
    const { round_panoramas } = await project(roundPanoramasProjection, [['game-live1', [starting]]]);
    expect(round_panoramas).toEqual([{ id: 'tok-live-0123456789ab', provider: 'local', imageId: 'paris-2', gameId: 'live1', roundIndex: 2, location: target, heading: 0, kind: 'live' }]);
  });
});
