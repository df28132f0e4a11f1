import type { GameView, LatLng } from '@globetrail/contracts';
import { LiveClient, offset, targetOf } from './live-client.js';
import type { Player, TestApp } from './test-app.js';

export interface ArenaMatch {
  gameId: string;
  clients: [LiveClient, LiveClient];
  final: GameView;
}

/**
 * Two signed-up players queue in the arena with real socket.io clients, are matched and play the ranked
 * duel to its end: the first guesses 5 km from each target, the second 2,500 km. `beforeGuesses` runs in
 * each round before anyone guesses; `connected` once both clients are connected (to watch what they are sent).
 */
export async function playArenaMatch(
  t: TestApp,
  [p, q]: [Player, Player],
  hooks: { connected?: (clients: [LiveClient, LiveClient]) => void; started?: (gameId: string) => Promise<void>; beforeGuesses?: (roundIndex: number, target: LatLng) => void } = {},
): Promise<ArenaMatch> {
  const clients: [LiveClient, LiveClient] = [await LiveClient.connect(t, p), await LiveClient.connect(t, q)];
  const [a, b] = clients;
  hooks.connected?.(clients);
  const matched = new Promise<string>((resolve) => a.socket.once('ArenaMatched', ({ gameId }) => resolve(gameId)));
  await a.ok('EnterArena', {});
  await b.ok('EnterArena', {});
  const gameId = await matched;
  await a.ok('JoinGame', { gameId });
  await b.ok('JoinGame', { gameId });
  await a.until(gameId, (view) => view.status === 'SED', 'the match to start');
  await hooks.started?.(gameId);
  for (let roundIndex = 0; roundIndex < 30; roundIndex++) {
    const view = await a.until(gameId, (v) => (v.status === 'SED' && v.cr === roundIndex) || v.status === 'G_ED', `round ${roundIndex}`);
    if (view.status === 'G_ED') break;
    const target = await targetOf(t, gameId, roundIndex);
    hooks.beforeGuesses?.(roundIndex, target);
    await a.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, 5), final: true });
    await b.ok('PlaceGuess', { gameId, roundIndex, loc: offset(target, 2500), final: true });
    await a.until(gameId, (v) => v.rounds[roundIndex]?.ended === true || v.status === 'G_ED', `round ${roundIndex} result`);
  }
  const final = await a.until(gameId, (v) => v.status === 'G_ED', 'the end');
  return { gameId, clients, final };
}
