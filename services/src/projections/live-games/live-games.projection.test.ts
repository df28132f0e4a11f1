import type { GameEvent } from '@globetrail/contracts';
import { ada, arena, bob, GAME_ID, launched, places, script } from '../../domain/game/game.fixtures.js';
import { type FullGameView, projectGameView } from '../../domain/game/game-view.js';
import { statusAfter } from './live-games.projection.js';

/** The status the game view holds after each event, beside the one the read model writes (or keeps). */
function statuses(events: readonly GameEvent[]) {
  let full: FullGameView | null = null;
  let kept: string | null = null;
  return events.map((event, revision) => {
    full = projectGameView(full, event, revision);
    kept = statusAfter(event) ?? kept;
    return { type: event.type, view: full.live.status, readModel: kept };
  });
}

describe('live-games: each game’s status, written only when it changes', () => {
  it('follows the game view’s status through every phase, a restart and the end, and writes on those events only', () => {
    const played = launched('A', [ada, bob], { nr: 1 })
      .startRound()
      .guess('ada', places.london, { final: false })
      .run({ type: 'PostChat', gameId: GAME_ID, playerId: 'bob', messageId: 'm1', text: 'hi' })
      .guess('ada', places.paris)
      .guess('bob', places.paris)
      .run({ type: 'RestartGame', gameId: GAME_ID, playerId: 'ada' });
    const duel = arena(ada, bob).startRound().guess('ada', places.paris).guess('bob', places.tokyo);
    const abandoned = script().create('A').join(bob).ready('ada', 'bob').disconnect('ada').disconnect('bob').wait(80_000).run({ type: 'CheckPresence', gameId: GAME_ID });
    for (const s of [played, duel, abandoned]) {
      const seen = statuses(s.events);
      for (const step of seen) expect(step.readModel).toBe(step.view);
      // Written only where the status moved (markers, chat and players leave it be).
      const writes = s.events.filter((event) => statusAfter(event) !== null).length;
      expect(writes).toBeLessThan(s.events.length);
    }
    expect(statuses(abandoned.events).at(-1)?.view).toBe('G_ABON');
    expect(statuses(played.events).map((step) => step.view)).toContain('G_ED');
  });
});
