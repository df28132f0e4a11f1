import { jest } from '@jest/globals';
import { getDefaultStore } from 'jotai';
import { roundShown, showSnackWhenRoundShows, snacksAtom } from './snacks';

const shown = () => getDefaultStore().get(snacksAtom).map((snack) => snack.id);

describe('a snack waiting for the round', () => {
  afterEach(() => {
    getDefaultStore().set(snacksAtom, []);
    jest.useRealTimers();
  });

  it('shows once the round is on screen, and only once', () => {
    showSnackWhenRoundShows({ id: 'play-hint', message: 'Drag the picture', durationMs: 9_000 });
    expect(shown()).toEqual([]);
    roundShown();
    expect(shown()).toEqual(['play-hint']);
    getDefaultStore().set(snacksAtom, []);
    roundShown();
    expect(shown()).toEqual([]);
  });

  it('is dropped when no round shows within its time (a start that failed, a player gone elsewhere)', () => {
    jest.useFakeTimers({ now: 0 });
    showSnackWhenRoundShows({ id: 'play-hint', message: 'Drag the picture', durationMs: 9_000 }, 60_000);
    jest.setSystemTime(60_001);
    roundShown();
    expect(shown()).toEqual([]);
  });
});
