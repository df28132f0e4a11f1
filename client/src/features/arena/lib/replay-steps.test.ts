import { type HistoryEvent, toSteps } from './replay-steps';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, 0) + seconds * 1000).toISOString();
const event = (revision: number, type: string, seconds: number): HistoryEvent => ({ revision, type, recordedAt: at(seconds), data: {} });

describe('the replay of a match', () => {
  const match = [event(0, 'GameCreated', 0), event(1, 'RoundStarting', 5), event(2, 'GuessPlaced', 20), event(3, 'RoundEnded', 30), event(4, 'GameEnded', 31)];

  it('ends at the match’s end, however long its players stayed on the result page afterwards', () => {
    const watchedAtOnce = toSteps(match);
    // Players leave the result page later: the stream records it, the replay is the same length.
    const watchedLater = toSteps([...match, event(5, 'PlayerDisconnected', 45), event(6, 'PlayerDisconnected', 104)]);
    expect(watchedLater).toEqual(watchedAtOnce);
    expect(watchedAtOnce.at(-1)).toMatchObject({ type: 'GameEnded', at: 31_000 });
  });

  it('keeps the match’s own pace and shortens only a pause longer than 20 s', () => {
    const steps = toSteps([event(0, 'GameCreated', 0), event(1, 'RoundStarting', 5), event(2, 'GuessPlaced', 65), event(3, 'GameEnded', 70)]);
    expect(steps.map((step) => step.at)).toEqual([0, 5_000, 25_000, 30_000]);
  });

  it('replays an abandoned match to its abandonment', () => {
    const steps = toSteps([event(0, 'GameCreated', 0), event(1, 'GameAbandoned', 10), event(2, 'PlayerConnected', 50)]);
    expect(steps.map((step) => step.type)).toEqual(['GameCreated', 'GameAbandoned']);
  });
});
