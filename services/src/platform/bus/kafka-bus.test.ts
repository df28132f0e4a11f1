import type { KafkaMessage } from 'kafkajs';
import { backoffDelay, serialiseValue } from './bus-messages.js';
import { KafkaBus, PartitionProgress, decodeHeaders, hasNoCommits, toIncoming } from './kafka-bus.js';
import { messageBusContract } from './message-bus.contract.js';

const KAFKA_BROKERS = process.env.KAFKA_BROKERS;

if (KAFKA_BROKERS) {
  messageBusContract('Kafka', async () => {
    const bus = await KafkaBus.connect({ brokers: KAFKA_BROKERS.split(','), clientId: 'contract', partitions: 3, retryDelayMs: 50, maxRetryDelayMs: 200 });
    return { bus, cleanup: () => bus.close() };
  });
} else {
  describe('message bus contract: Kafka', () => {
    it.skip('skipped: KAFKA_BROKERS is not set (docker compose up kafka, then KAFKA_BROKERS=localhost:9094)', () => {});
  });
}

describe('KafkaBus without a broker', () => {
  it('commits a partition only up to the first message not yet handled, whatever order lanes finish in', () => {
    const progress = new PartitionProgress();
    for (const offset of [10n, 11n, 12n, 14n]) progress.received(offset);
    expect(progress.finished(11n)).toBeNull();
    expect(progress.finished(14n)).toBeNull();
    expect(progress.pending).toBe(4);
    expect(progress.finished(10n)).toBe(12n);
    expect(progress.pending).toBe(2);
    expect(progress.finished(12n)).toBe(15n);
    expect(progress.pending).toBe(0);
    expect(() => progress.received(14n)).toThrow(/arrived after/);
  });

  it('keeps its memory bounded over a long run', () => {
    const progress = new PartitionProgress();
    for (let offset = 0n; offset < 50_000n; offset++) {
      progress.received(offset);
      expect(progress.finished(offset)).toBe(offset + 1n);
    }
    expect(progress.pending).toBe(0);
  });

  it('knows a group that never committed', () => {
    expect(hasNoCommits([{ offset: '-1' }, { offset: '-1' }])).toBe(true);
    expect(hasNoCommits([{ offset: '-1' }, { offset: '7' }])).toBe(false);
  });

  it('hands a record to a handler as the port says: key, a fresh value each time, bigint offset, string headers', () => {
    const record = { key: Buffer.from('game-1'), value: Buffer.from('{"n":1,"text":"Zürich"}'), offset: '9007199254740993', timestamp: '0', attributes: 0, headers: { type: Buffer.from('GuessPlaced'), list: ['a', Buffer.from('b')] } } as KafkaMessage;
    const first = toIncoming<{ n: number }>('events', record);
    expect(first).toEqual({ topic: 'events', key: 'game-1', value: { n: 1, text: 'Zürich' }, offset: 9007199254740993n, headers: { type: 'GuessPlaced', list: 'b' } });
    first.value.n = 2;
    expect(toIncoming<{ n: number }>('events', record).value.n).toBe(1);
    expect(decodeHeaders(undefined)).toEqual({});
  });

  it('refuses a value JSON cannot carry, and backs off doubling up to a ceiling', () => {
    expect(() => serialiseValue('k', { n: 1n })).toThrow(/"k"/);
    expect(() => serialiseValue('k', undefined)).toThrow(/not JSON-serialisable/);
    expect([1, 2, 3, 10].map((failures) => backoffDelay(failures, 100, 1_000))).toEqual([100, 200, 400, 1_000]);
  });
});
