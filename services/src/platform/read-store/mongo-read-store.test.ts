import { randomUUID } from 'node:crypto';
import { Long } from 'mongodb';
import { readStoreContract } from './read-store.contract.js';
import { aboveFilter, bulkOperations, fromStored, MongoReadStore, mongoFilter, mongoIndex, mongoSort, planCommit, prepareWrites, REVISION, toStored } from './mongo-read-store.js';

const MONGO_URL = process.env.MONGO_URL;

if (MONGO_URL) {
  // Each run of the suite gets a database of its own, dropped afterwards.
  readStoreContract('MongoDB', async () => {
    const store = await MongoReadStore.connect({ url: MONGO_URL, database: `contract_${randomUUID().slice(0, 8)}` });
    return { store, cleanup: () => store.close() };
  });
} else {
  describe('read store contract: MongoDB', () => {
    it.skip('skipped: MONGO_URL is not set (docker compose up mongo, then MONGO_URL=mongodb://localhost:27017/?replicaSet=rs0)', () => {});
  });
}

describe('MongoReadStore without a server', () => {
  describe('documents', () => {
    it('stores a document under _id with its revision, and gives back exactly the document', () => {
      const document = { id: 'ana', name: 'Ana', nested: { list: [1, null] }, nothing: null, skipped: undefined };
      const stored = toStored('players', document, 2n ** 62n + 1n);
      expect(stored).toEqual({ _id: 'ana', name: 'Ana', nested: { list: [1, null] }, nothing: null, [REVISION]: Long.fromBigInt(2n ** 62n + 1n) });
      expect(fromStored(stored)).toStrictEqual({ id: 'ana', name: 'Ana', nested: { list: [1, null] }, nothing: null });
    });

    it('refuses what JSON or MongoDB cannot hold, naming the document', () => {
      expect(() => toStored('players', { id: 'bo', points: 10n as unknown as number }, 1n)).toThrow(/players\/bo/);
      expect(() => toStored('players', { id: 42 as unknown as string }, 1n)).toThrow(/no string id/);
      expect(() => toStored('players', { id: '' }, 1n)).toThrow(/no string id/);
      expect(() => toStored('players', { id: 'bo', $set: 1 }, 1n)).toThrow(/"\$set"/);
      expect(() => toStored('players', { id: 'bo', 'a.b': 1 }, 1n)).toThrow(/"a\.b"/);
      expect(() => toStored('players', { id: 'bo', _id: 'x' }, 1n)).toThrow(/"_id"/);
      expect(() => toStored('bad$name', { id: 'bo' }, 1n)).toThrow(/bad\$name/);
      expect(() => toStored('system.users', { id: 'bo' }, 1n)).toThrow(/system\.users/);
    });
  });

  describe('planning a commit', () => {
    const upsert = (id: string, revision: bigint, points = 1) => ({ kind: 'upsert' as const, collection: 'players', document: { id, points }, revision });
    const remove = (id: string) => ({ kind: 'delete' as const, collection: 'players', id });
    const removePrefix = (prefix: string) => ({ kind: 'deletePrefix' as const, collection: 'players', prefix });
    const summary = (writes: ReturnType<typeof planCommit>) =>
      writes.map((write) => (write.kind === 'replace' ? `${write.id}=${String(write.document.points)}` : write.kind === 'delete' ? `-${write.id}` : `-${write.prefix}*`));

    it('keeps only upserts newer than the stored revision, or than one written earlier in the batch', () => {
      const stored = new Map([['players/ana', 5n]]);
      expect(summary(planCommit(prepareWrites([upsert('ana', 5n, 20), upsert('ana', 4n, 30)]), stored))).toEqual([]);
      expect(summary(planCommit(prepareWrites([upsert('ana', 6n, 40), upsert('ana', 6n, 50)]), stored))).toEqual(['ana=40']);
      expect(summary(planCommit(prepareWrites([upsert('bo', 1n, 1), upsert('bo', 2n, 2)]), stored))).toEqual(['bo=2']);
    });

    it('applies a batch in order: a delete forgets the revision, so a later upsert recreates the document', () => {
      const stored = new Map([['players/ana', 3n]]);
      expect(summary(planCommit(prepareWrites([remove('ana'), remove('bo')]), stored))).toEqual(['-ana', '-bo']);
      expect(summary(planCommit(prepareWrites([remove('ana'), upsert('ana', 1n, 7)]), stored))).toEqual(['ana=7']);
      expect(summary(planCommit(prepareWrites([upsert('bo', 1n), remove('bo')]), new Map()))).toEqual(['-bo']);
    });

    it('drops the earlier writes a prefix deletion matches, forgets their revisions, and keeps its place', () => {
      const stored = new Map([['players/d1|ana', 9n], ['players/d2|ana', 9n]]);
      const planned = planCommit(prepareWrites([upsert('d1|bo', 1n, 1), upsert('d2|bo', 1n, 2), removePrefix('d1|'), upsert('d1|ana', 1n, 3), upsert('d2|ana', 1n, 4), removePrefix('d3|'), removePrefix('d1|')]), stored);
      // d1|ana's stored revision 9 went with the prefix, so revision 1 recreates it, until the second deletion.
      // d2|ana's revision 1 is not newer than the 9 stored; the second d1| deletion moves last, taking d1|ana.
      expect(summary(planned)).toEqual(['d2|bo=2', '-d3|*', '-d1|*']);
      expect(bulkOperations(planned).get('players')!.at(-1)).toEqual({ deleteMany: { filter: { _id: { $gte: 'd1|', $lt: 'd1}' } } } });
      expect(() => prepareWrites([removePrefix('')])).toThrow(/players.*prefix/);
    });

    it('checks every write before any is sent', () => {
      expect(() => prepareWrites([upsert('ana', 1n), { kind: 'upsert', collection: 'players', document: { id: 'bo', n: 1n as unknown as number }, revision: 1n }])).toThrow(/players\/bo/);
    });

    it('becomes one ordered bulk write per collection', () => {
      const planned = planCommit(prepareWrites([upsert('ana', 1n), { kind: 'delete', collection: 'games', id: 'g1' }, upsert('bo', 1n)]), new Map());
      const bulk = bulkOperations(planned);
      expect([...bulk.keys()]).toEqual(['players', 'games']);
      expect(bulk.get('players')!.map((operation) => Object.keys(operation)[0])).toEqual(['replaceOne', 'replaceOne']);
      expect(bulk.get('games')).toEqual([{ deleteOne: { filter: { _id: 'g1' } } }]);
      expect(bulk.get('players')![0]).toMatchObject({ replaceOne: { filter: { _id: 'ana' }, upsert: true } });
    });
  });

  describe('queries', () => {
    it('maps filters to MongoDB queries, id to _id', () => {
      expect(mongoFilter({ country: 'PT', active: true, points: { $gt: 40 }, id: { $in: ['a', 'b'] }, nick: null, rank: { $ne: null } })).toEqual({
        country: 'PT',
        active: true,
        points: { $gt: 40 },
        _id: { $in: ['a', 'b'] },
        nick: null,
        rank: { $ne: null },
      });
      expect(mongoFilter()).toEqual({});
    });

    it('refuses field names, operators and operands it does not know, naming them', () => {
      expect(() => mongoFilter({ 'points; DROP TABLE x': 1 })).toThrow(/points; DROP/);
      expect(() => mongoFilter({ 'nested.field': 1 })).toThrow(/nested\.field/);
      expect(() => mongoFilter({ points: { $where: 'true' } as never })).toThrow(/\$where/);
      expect(() => mongoFilter({ points: { $gt: null } })).toThrow(/\$gt/);
      expect(() => mongoFilter({ points: { $in: 5 as never } })).toThrow(/\$in/);
      expect(() => mongoFilter({ points: {} })).toThrow(/empty comparison/);
      expect(() => mongoFilter({ points: Number.NaN })).toThrow(/points/);
      expect(() => mongoSort([['a b', 'asc']])).toThrow(/a b/);
      expect(() => mongoIndex('players', ['$points'])).toThrow(/\$points/);
      expect(() => aboveFilter("x')--", 1)).toThrow(/x'\)--/);
    });

    it('counts above a value alongside a filter on the same field', () => {
      expect(aboveFilter('points', 10)).toEqual({ points: { $gt: 10 } });
      expect(aboveFilter('points', 10, { scope: 'all', points: { $lt: 100 } })).toEqual({ $and: [{ scope: 'all', points: { $lt: 100 } }, { points: { $gt: 10 } }] });
    });

    it('sorts with ties broken by id ascending, and indexes the same way', () => {
      expect(mongoSort([['points', 'desc']])).toEqual([['points', -1], ['_id', 1]]);
      expect(mongoSort([['id', 'desc']])).toEqual([['_id', -1]]);
      expect(mongoSort()).toEqual([['_id', 1]]);
      expect(mongoIndex('leaderboard_rows', ['scope', ['points', 'desc']])).toEqual({ key: { scope: 1, points: -1, _id: 1 }, name: 'read:scope,-points' });
    });
  });
});
