import type { RecordedEvent } from './event-store.port.js';
import { LARGE_EVENT_BYTES, RECENT_BYTES, RecentEvents } from './recent-events.js';

let position = 0n;
const revisions = new Map<string, bigint>();

function event(streamId: string): RecordedEvent {
  const revision = revisions.get(streamId) ?? 0n;
  revisions.set(streamId, revision + 1n);
  position += 1n;
  return { id: `e${position}`, streamId, type: 'Noted', revision, position, data: {}, metadata: {}, createdAt: new Date(0) };
}

beforeEach(() => {
  position = 0n;
  revisions.clear();
});

describe('the events kept in memory', () => {
  it('keeps no more than its byte budget, always the newest, and sends older reads to the database', () => {
    const recent = new RecentEvents(0n);
    const big = Math.floor(RECENT_BYTES / 4);
    for (let n = 0; n < 10; n++) recent.add([event(`s-${n}`)], [big]);
    // About four events fit: reads from before them are not answered here.
    expect(recent.after(0n, 100)).toBeUndefined();
    expect(recent.after(6n, 100)!.map((kept) => kept.position)).toEqual([7n, 8n, 9n, 10n]);
    // One event bigger than the whole budget is still kept: it is the store's end.
    recent.add([event('huge')], [RECENT_BYTES * 2]);
    expect(recent.after(10n, 100)!.map((kept) => kept.position)).toEqual([11n]);
    expect(recent.after(9n, 100)).toBeUndefined();
  });

  it("does not keep a large event in its stream's tail; the stream's next small events are kept from there", () => {
    const recent = new RecentEvents(0n);
    recent.add([event('map-1')], [100]);
    expect(recent.streamFrom('map-1', 0n, -1)).toHaveLength(1);
    recent.add([event('map-1'), event('map-1')], [LARGE_EVENT_BYTES + 1, LARGE_EVENT_BYTES + 1]);
    // Not known here from revision 0 or 1 any more: the database answers.
    expect(recent.streamFrom('map-1', 0n, -1)).toBeUndefined();
    expect(recent.streamFrom('map-1', 1n, -1)).toBeUndefined();
    recent.add([event('map-1')], [100]);
    expect(recent.streamFrom('map-1', 3n, -1)!.map((kept) => kept.revision)).toEqual([3n]);
    expect(recent.streamFrom('map-1', 2n, -1)).toBeUndefined();
  });
});
