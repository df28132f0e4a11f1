import { randomUUID } from 'node:crypto';
import { GenerationMovedError, generationName } from './generations.js';
import { LeaseLostError, type LeaseHolder } from './leases.js';
import type { Document, Filter, ReadStore, WriteOperation } from './read-store.port.js';

export interface ReadStoreUnderTest {
  store: ReadStore;
  /** Closes the store and removes whatever the adapter created for it. */
  cleanup: () => Promise<void>;
}

/**
 * What every read store adapter must do. Collection and projection names are unique per test, so an
 * adapter backed by a shared server can run the suite without clearing it first.
 */
export function readStoreContract(adapterName: string, create: () => Promise<ReadStoreUnderTest>): void {
  describe(`read store contract: ${adapterName}`, () => {
    let store: ReadStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await create());
    });
    afterEach(async () => {
      await cleanup();
    });

    const run = randomUUID().slice(0, 8);
    let sequence = 0;
    const unique = (prefix: string) => `${prefix}_${run}_${++sequence}`;

    const upsert = (collection: string, document: Document, revision = 1n): WriteOperation => ({
      kind: 'upsert',
      collection,
      document,
      revision,
    });
    const remove = (collection: string, id: string): WriteOperation => ({ kind: 'delete', collection, id });

    async function seed(collection: string, documents: Document[]): Promise<void> {
      const writes = documents.map((document) => upsert(collection, document));
      await expect(store.commit({ projection: unique('seed'), position: 1n, writes })).resolves.toBe(true);
    }

    async function idsOf(collection: string, filter: Filter): Promise<string[]> {
      return (await store.list(collection, { filter })).map((document) => document.id);
    }

    describe('documents', () => {
      it('gets null for a document that was never written', async () => {
        await expect(store.get(unique('players'), 'nobody')).resolves.toBeNull();
      });

      it('gets back exactly the document it stored, without any bookkeeping fields', async () => {
        const collection = unique('players');
        const document = {
          id: 'zürich-東京',
          name: 'Zürich → 東京 🌏',
          quote: 'she said "hi" \\ \n',
          nested: { deep: { list: [1, 'two', null, true, { three: 3 }] }, empty: {}, none: [] },
          nothing: null,
          yes: true,
          no: false,
          zero: 0,
          fraction: -12.5,
          largestSafe: Number.MAX_SAFE_INTEGER,
        };
        await seed(collection, [document]);

        await expect(store.get(collection, document.id)).resolves.toStrictEqual(document);
        await expect(store.list(collection)).resolves.toStrictEqual([document]);
      });

      it('ignores an upsert whose revision is not newer than the stored one', async () => {
        const collection = unique('players');
        const projection = unique('projection');
        const commit = (position: bigint, points: number, revision: bigint) =>
          store.commit({ projection, position, writes: [upsert(collection, { id: 'ana', points }, revision)] });

        await commit(1n, 10, 5n);
        await expect(commit(2n, 20, 5n)).resolves.toBe(true);
        await expect(commit(3n, 30, 4n)).resolves.toBe(true);
        await expect(store.get(collection, 'ana')).resolves.toEqual({ id: 'ana', points: 10 });
        await expect(store.checkpoint(projection)).resolves.toBe(3n);

        await commit(4n, 40, 6n);
        await expect(store.get(collection, 'ana')).resolves.toEqual({ id: 'ana', points: 40 });
      });

      it('deletes a document, harmlessly when it is missing, and recreates it on a later upsert', async () => {
        const collection = unique('players');
        const projection = unique('projection');
        await store.commit({ projection, position: 1n, writes: [upsert(collection, { id: 'ana' }, 3n)] });

        await store.commit({ projection, position: 2n, writes: [remove(collection, 'ana'), remove(collection, 'bo')] });
        await expect(store.get(collection, 'ana')).resolves.toBeNull();
        await expect(store.count(collection)).resolves.toBe(0);

        await store.commit({ projection, position: 3n, writes: [upsert(collection, { id: 'ana', back: true }, 1n)] });
        await expect(store.get(collection, 'ana')).resolves.toEqual({ id: 'ana', back: true });
      });

      it('applies the writes of one batch in order', async () => {
        const collection = unique('players');
        const writes = [
          upsert(collection, { id: 'ana', points: 1 }, 1n),
          upsert(collection, { id: 'ana', points: 2 }, 2n),
          upsert(collection, { id: 'bo', points: 1 }, 1n),
          remove(collection, 'bo'),
        ];
        await store.commit({ projection: unique('projection'), position: 1n, writes });

        await expect(store.list(collection)).resolves.toEqual([{ id: 'ana', points: 2 }]);
      });
    });

      it('deletes every document whose id begins with a prefix, in its place in the batch, and only in its collection', async () => {
        const collection = unique('rows');
        const other = unique('rows');
        const projection = unique('projection');
        const ids = ['d1|all~ana', 'd1|all~bo', 'd1|country:FR~ana', 'd1', 'd10|all~ana', 'd1}', 'c9|all~ana', 'd2|all~ana', 'd1|é~東京', 'd1|\u{10FFFF}~x'];
        await store.commit({ projection, position: 1n, writes: [...ids.map((id) => upsert(collection, { id }, 5n)), upsert(other, { id: 'd1|all~ana' }, 5n)] });

        const deletePrefix = (prefix: string): WriteOperation => ({ kind: 'deletePrefix', collection, prefix });
        await store.commit({
          projection,
          position: 2n,
          writes: [upsert(collection, { id: 'd1|new~before' }, 6n), deletePrefix('d1|'), upsert(collection, { id: 'd1|all~after', n: 1 }, 1n), deletePrefix('nothing|')],
        });
        // Earlier revisions are forgotten with the documents: an upsert of revision 1 recreates one.
        await expect(store.list(collection)).resolves.toEqual(['c9|all~ana', 'd1', 'd10|all~ana', 'd1|all~after', 'd1}', 'd2|all~ana'].map((id) => (id === 'd1|all~after' ? { id, n: 1 } : { id })));
        await expect(store.list(other)).resolves.toEqual([{ id: 'd1|all~ana' }]);

        // A prefix ending in the last code point; an empty prefix is refused, writing nothing.
        await store.commit({ projection, position: 3n, writes: [upsert(collection, { id: '\u{10FFFF}\u{10FFFF}a' }, 1n), upsert(collection, { id: '\u{10FFFF}b' }, 1n), deletePrefix('\u{10FFFF}\u{10FFFF}')] });
        await expect(store.get(collection, '\u{10FFFF}b')).resolves.toEqual({ id: '\u{10FFFF}b' });
        await expect(store.get(collection, '\u{10FFFF}\u{10FFFF}a')).resolves.toBeNull();
        await expect(store.commit({ projection, position: 4n, writes: [upsert(collection, { id: 'z' }, 9n), deletePrefix('')] })).rejects.toThrow(/prefix/);
        await expect(store.get(collection, 'z')).resolves.toBeNull();
        await expect(store.checkpoint(projection)).resolves.toBe(3n);
      });

    describe('commits and checkpoints', () => {
      it('has no checkpoint for a projection that never committed', async () => {
        await expect(store.checkpoint(unique('projection'))).resolves.toBeNull();
      });

      it('moves the checkpoint with each new batch, even an empty one, keeping 64-bit positions exact', async () => {
        const projection = unique('projection');
        await expect(store.commit({ projection, position: 7n, writes: [] })).resolves.toBe(true);
        await expect(store.checkpoint(projection)).resolves.toBe(7n);

        const beyondDoublePrecision = 2n ** 62n + 1n;
        await expect(store.commit({ projection, position: beyondDoublePrecision, writes: [] })).resolves.toBe(true);
        await expect(store.checkpoint(projection)).resolves.toBe(beyondDoublePrecision);
      });

      it.each([
        ['the same position', 5n],
        ['an older position', 4n],
      ])('returns false and writes nothing for a batch at %s', async (_, position) => {
        const collection = unique('players');
        const projection = unique('projection');
        await store.commit({ projection, position: 5n, writes: [upsert(collection, { id: 'ana', points: 1 }, 1n)] });

        const replay = [upsert(collection, { id: 'ana', points: 2 }, 2n), upsert(collection, { id: 'bo' }, 1n)];
        await expect(store.commit({ projection, position, writes: replay })).resolves.toBe(false);
        await expect(store.commit({ projection, position, writes: [remove(collection, 'ana')] })).resolves.toBe(false);

        await expect(store.list(collection)).resolves.toEqual([{ id: 'ana', points: 1 }]);
        await expect(store.checkpoint(projection)).resolves.toBe(5n);
      });

      it.each<[string, (collection: string) => WriteOperation]>([
        ['a value JSON cannot hold', (collection) => upsert(collection, { id: 'bo', points: 10n as unknown as number })],
        ['a document without a string id', (collection) => upsert(collection, { id: 42 as unknown as string })],
        ['an invalid collection name', () => upsert('bad$name', { id: 'bo' })],
      ])('rolls back a batch whose second write holds %s, then accepts it corrected', async (_, badWrite) => {
        const collection = unique('players');
        const projection = unique('projection');
        await store.commit({ projection, position: 1n, writes: [] });
        const good = upsert(collection, { id: 'ana' });
        const bad = badWrite(collection);

        await expect(store.commit({ projection, position: 2n, writes: [good, bad] })).rejects.toThrow();
        await expect(store.get(collection, 'ana')).resolves.toBeNull();
        await expect(store.checkpoint(projection)).resolves.toBe(1n);

        await expect(store.commit({ projection, position: 2n, writes: [good] })).resolves.toBe(true);
        await expect(store.get(collection, 'ana')).resolves.toEqual({ id: 'ana' });
      });

      it('keeps each projection’s checkpoint independent', async () => {
        const ahead = unique('projection');
        const behind = unique('projection');
        await store.commit({ projection: ahead, position: 10n, writes: [] });

        await expect(store.commit({ projection: behind, position: 3n, writes: [] })).resolves.toBe(true);
        await expect(store.commit({ projection: behind, position: 5n, writes: [] })).resolves.toBe(true);
        await expect(store.checkpoint(ahead)).resolves.toBe(10n);
        await expect(store.checkpoint(behind)).resolves.toBe(5n);
      });
    });

    describe('read model versions', () => {
      it('has none until one is recorded, then the last recorded, per projection and generation', async () => {
        const [projection, other, games] = [unique('projection'), unique('projection'), unique('games')];
        await expect(store.readModelVersion(projection)).resolves.toBeNull();

        await store.recordReadModelVersion(projection, 1, [games]);
        await store.recordReadModelVersion(projection, 3, [games]);
        await store.recordReadModelVersion(other, 2, [games]);
        await expect(store.readModelVersion(projection)).resolves.toBe(3);
        await expect(store.readModelVersion(other)).resolves.toBe(2);

        // A generation being built has its own, read by its physical name; the plain name follows the switch.
        await store.commit({ projection, position: 1n, writes: [] });
        const generation = await store.beginGeneration(projection, [games]);
        await store.recordReadModelVersion(generationName(projection, generation), 4, [games]);
        await expect(store.readModelVersion(projection)).resolves.toBe(3);
        await expect(store.readModelVersion(generationName(projection, generation))).resolves.toBe(4);
        await store.commit({ projection: generationName(projection, generation), position: 1n, writes: [] });
        await expect(store.switchGeneration(projection, [games], generation)).resolves.toBe(true);
        await expect(store.readModelVersion(projection)).resolves.toBe(4);
      });

      it('reads a collection a new version of the active generation keeps from that generation', async () => {
        const [projection, games, players] = [unique('projection'), unique('games'), unique('players')];
        await store.commit({ projection, position: 1n, writes: [upsert(games, { id: 'g', v: 0 }, 1n)] });
        const generation = await store.beginGeneration(projection, [games]);
        const physical = generationName(projection, generation);
        await store.commit({ projection: physical, position: 1n, writes: [upsert(generationName(games, generation), { id: 'g', v: 1 }, 1n)] });
        await expect(store.switchGeneration(projection, [games], generation)).resolves.toBe(true);

        // Version 2 of the projection keeps players too, in the generation that serves.
        await store.recordReadModelVersion(physical, 2, [games, players]);
        await store.commit({ projection: physical, position: 2n, writes: [upsert(generationName(players, generation), { id: 'p', v: 2 }, 2n)] });
        await expect(store.get(players, 'p')).resolves.toEqual({ id: 'p', v: 2 });
        await expect(store.get(games, 'g')).resolves.toEqual({ id: 'g', v: 1 });
      });

      it('records 0 (a generation being replaced), and refuses a version that is not a whole number of at least 0', async () => {
        const projection = unique('projection');
        await store.recordReadModelVersion(projection, 0);
        await expect(store.readModelVersion(projection)).resolves.toBe(0);
        for (const version of [-1, 1.5, Number.NaN]) await expect(store.recordReadModelVersion(unique('projection'), version, [unique('games')])).rejects.toThrow(/version/);
      });
    });

    describe('list filters', () => {
      const players: Document[] = [
        { id: 'fay', name: 'Fay', points: 55, active: true, country: 'PT' },
        { id: 'bo', name: 'Bo', points: 10, active: false, country: 'SE' },
        { id: 'dara', name: 'Dara', points: 0, active: true, country: null },
        { id: 'ana', name: 'Ana', points: 30, active: true, country: 'PT' },
        { id: 'eli', name: 'Eli', points: 1, active: false },
        { id: 'chen', name: 'Chen', points: 30, active: true, country: 'CN' },
      ];
      let collection: string;
      beforeEach(async () => {
        collection = unique('players');
        await seed(collection, players);
      });

      it('matches strings and numbers by equality, every condition holding', async () => {
        await expect(idsOf(collection, { country: 'PT' })).resolves.toEqual(['ana', 'fay']);
        await expect(idsOf(collection, { points: 30 })).resolves.toEqual(['ana', 'chen']);
        await expect(idsOf(collection, { country: 'PT', active: true, points: { $gt: 40 } })).resolves.toEqual(['fay']);
        await expect(idsOf(collection, { country: 'PT', points: 10 })).resolves.toEqual([]);
      });

      it('matches booleans as booleans, never as 1, 0 or text', async () => {
        await expect(idsOf(collection, { active: true })).resolves.toEqual(['ana', 'chen', 'dara', 'fay']);
        await expect(idsOf(collection, { active: false })).resolves.toEqual(['bo', 'eli']);

        const flags = unique('flags');
        await seed(flags, [
          { id: 'true', flag: true },
          { id: 'false', flag: false },
          { id: 'one', flag: 1 },
          { id: 'zero', flag: 0 },
          { id: 'text', flag: 'true' },
          { id: 'missing' },
        ]);
        await expect(idsOf(flags, { flag: true })).resolves.toEqual(['true']);
        await expect(idsOf(flags, { flag: false })).resolves.toEqual(['false']);
        await expect(idsOf(flags, { flag: 1 })).resolves.toEqual(['one']);
        await expect(idsOf(flags, { flag: 0 })).resolves.toEqual(['zero']);
        await expect(idsOf(flags, { flag: 'true' })).resolves.toEqual(['text']);
        await expect(idsOf(flags, { flag: { $ne: true } })).resolves.toEqual(['false', 'missing', 'one', 'text', 'zero']);
        await expect(idsOf(flags, { flag: { $in: [true, 0] } })).resolves.toEqual(['true', 'zero']);
      });

      it('matches null against null and missing fields, and $ne null against present ones', async () => {
        await expect(idsOf(collection, { country: null })).resolves.toEqual(['dara', 'eli']);
        await expect(idsOf(collection, { country: { $ne: null } })).resolves.toEqual(['ana', 'bo', 'chen', 'fay']);
      });

      it('compares numbers with $gt, $gte, $lt and $lte', async () => {
        await expect(idsOf(collection, { points: { $gt: 10 } })).resolves.toEqual(['ana', 'chen', 'fay']);
        await expect(idsOf(collection, { points: { $gte: 10 } })).resolves.toEqual(['ana', 'bo', 'chen', 'fay']);
        await expect(idsOf(collection, { points: { $lt: 10 } })).resolves.toEqual(['dara', 'eli']);
        await expect(idsOf(collection, { points: { $lte: 10 } })).resolves.toEqual(['bo', 'dara', 'eli']);
        await expect(idsOf(collection, { points: { $gt: 0, $lt: 30 } })).resolves.toEqual(['bo', 'eli']);
      });

      it('compares strings', async () => {
        await expect(idsOf(collection, { name: { $gte: 'B', $lt: 'D' } })).resolves.toEqual(['bo', 'chen']);
        await expect(idsOf(collection, { country: { $gt: 'PT' } })).resolves.toEqual(['bo']);
      });

      it('matches a range only against values of the same JSON type', async () => {
        const mixed = unique('mixed');
        await seed(mixed, [
          { id: 'number', value: 5 },
          { id: 'text', value: '7' },
          { id: 'true', value: true },
          { id: 'false', value: false },
          { id: 'null', value: null },
          { id: 'object', value: { n: 5 } },
          { id: 'missing' },
        ]);
        await expect(idsOf(mixed, { value: { $gt: -100 } })).resolves.toEqual(['number']);
        await expect(idsOf(mixed, { value: { $lt: 100 } })).resolves.toEqual(['number']);
        await expect(idsOf(mixed, { value: { $lt: 'z' } })).resolves.toEqual(['text']);
        await expect(idsOf(mixed, { value: { $gte: '' } })).resolves.toEqual(['text']);
        await expect(idsOf(mixed, { value: { $gt: false } })).resolves.toEqual(['true']);
        await expect(idsOf(mixed, { value: { $lte: true } })).resolves.toEqual(['false', 'true']);
        // Closed on both sides by one type.
        await expect(idsOf(mixed, { value: { $gte: 0, $lt: 10 } })).resolves.toEqual(['number']);
        await expect(idsOf(mixed, { value: { $gt: '', $lte: 'z' } })).resolves.toEqual(['text']);
        await expect(idsOf(mixed, { value: { $gte: false, $lte: true } })).resolves.toEqual(['false', 'true']);
        // As in MongoDB, each bound keeps to its own type: no value is both a number above 0 and a string below 'z'.
        await expect(idsOf(mixed, { value: { $gt: 0, $lt: 'z' } })).resolves.toEqual([]);
      });

      it('matches documents without the field on $ne', async () => {
        await expect(idsOf(collection, { country: { $ne: 'PT' } })).resolves.toEqual(['bo', 'chen', 'dara', 'eli']);
        await expect(idsOf(collection, { points: { $ne: 30 } })).resolves.toEqual(['bo', 'dara', 'eli', 'fay']);
      });

      it('matches any of the values given to $in, including null, and nothing for an empty list', async () => {
        await expect(idsOf(collection, { country: { $in: ['PT', 'SE'] } })).resolves.toEqual(['ana', 'bo', 'fay']);
        await expect(idsOf(collection, { points: { $in: [0, 55] } })).resolves.toEqual(['dara', 'fay']);
        await expect(idsOf(collection, { country: { $in: ['CN', null] } })).resolves.toEqual(['chen', 'dara', 'eli']);
        await expect(idsOf(collection, { country: { $in: [] } })).resolves.toEqual([]);
      });

      it('filters on id like on any other field', async () => {
        await expect(idsOf(collection, { id: { $in: ['fay', 'bo', 'nobody'] } })).resolves.toEqual(['bo', 'fay']);
        await expect(idsOf(collection, { id: 'chen' })).resolves.toEqual(['chen']);
      });

      it('matches nothing by equality on a field no document has', async () => {
        await expect(idsOf(collection, { nickname: 'ana' })).resolves.toEqual([]);
      });

      it('rejects field names and operators it does not know, naming them', async () => {
        await expect(store.list(collection, { filter: { 'points; DROP TABLE x': 1 } })).rejects.toThrow(/points; DROP/);
        await expect(store.list(collection, { filter: { 'nested.field': 1 } })).rejects.toThrow(/nested\.field/);
        await expect(store.list(collection, { sort: [['a b', 'asc']] })).rejects.toThrow(/a b/);
        await expect(store.count(collection, { points: { $where: 'true' } as never })).rejects.toThrow(/\$where/);
        await expect(store.countAbove(collection, "x')--", 1)).rejects.toThrow(/x'\)--/);
        await expect(store.ensureIndex(collection, ['$points'])).rejects.toThrow(/\$points/);
      });
    });

    describe('list sorting and paging', () => {
      const players: Document[] = [
        { id: 'fay', name: 'Fay', points: 55, country: 'PT' },
        { id: 'bo', name: 'Bo', points: 10, country: 'SE' },
        { id: 'dara', name: 'Dara', points: 0, country: null },
        { id: 'ana', name: 'Ana', points: 30, country: 'PT' },
        { id: 'eli', name: 'Eli', points: 1 },
        { id: 'chen', name: 'Chen', points: 30, country: 'CN' },
      ];
      let collection: string;
      beforeEach(async () => {
        collection = unique('players');
        await seed(collection, players);
      });
      const idsSortedBy = async (sort: Array<[string, 'asc' | 'desc']>) =>
        (await store.list(collection, { sort })).map((document) => document.id);

      it('lists by id when no sort is given', async () => {
        await expect(idsSortedBy([])).resolves.toEqual(['ana', 'bo', 'chen', 'dara', 'eli', 'fay']);
      });

      it('sorts ascending and descending, breaking ties by id ascending either way', async () => {
        await expect(idsSortedBy([['points', 'asc']])).resolves.toEqual(['dara', 'eli', 'bo', 'ana', 'chen', 'fay']);
        await expect(idsSortedBy([['points', 'desc']])).resolves.toEqual(['fay', 'ana', 'chen', 'bo', 'eli', 'dara']);
        await expect(idsSortedBy([['name', 'desc']])).resolves.toEqual(['fay', 'eli', 'dara', 'chen', 'bo', 'ana']);
      });

      it('sorts by several fields, missing values first ascending and last descending', async () => {
        await expect(
          idsSortedBy([
            ['country', 'asc'],
            ['points', 'desc'],
          ]),
        ).resolves.toEqual(['eli', 'dara', 'chen', 'fay', 'ana', 'bo']);
        await expect(idsSortedBy([['country', 'desc']])).resolves.toEqual(['bo', 'ana', 'fay', 'chen', 'dara', 'eli']);
      });

      it('pages through a sort with many ties stably and completely', async () => {
        const crowded = unique('crowded');
        await seed(
          crowded,
          Array.from({ length: 25 }, (_, i) => ({ id: `p${String((i * 7) % 25).padStart(2, '0')}`, points: i % 4 })),
        );
        const options = { filter: { points: { $gte: 0 } }, sort: [['points', 'desc']] as Array<[string, 'desc']> };
        const everything = (await store.list(crowded, options)).map((document) => document.id);

        const pages: string[][] = [];
        for (let skip = 0; skip < 30; skip += 4) {
          const page = (await store.list(crowded, { ...options, skip, limit: 4 })).map((document) => document.id);
          const again = (await store.list(crowded, { ...options, skip, limit: 4 })).map((document) => document.id);
          expect(again).toEqual(page);
          pages.push(page);
        }

        expect(everything).toHaveLength(25);
        expect(pages.flat()).toEqual(everything);
        expect(pages.at(-1)).toEqual([]);
        await expect(store.list(crowded, { skip: 3 })).resolves.toHaveLength(22);
      });
    });

    describe('counting', () => {
      const players: Document[] = [
        { id: 'fay', points: 55, active: true },
        { id: 'bo', points: 10, active: false },
        { id: 'dara', points: 0, active: true },
        { id: 'ana', points: 30, active: true },
        { id: 'eli', points: 1, active: false },
        { id: 'chen', points: 30, active: true },
        { id: 'gil', points: 'lots', active: true },
        { id: 'hal', active: true },
      ];
      let collection: string;
      beforeEach(async () => {
        collection = unique('leaderboard');
        await seed(collection, players);
      });

      it('counts documents, with or without a filter', async () => {
        await expect(store.count(collection)).resolves.toBe(8);
        await expect(store.count(collection, { active: false })).resolves.toBe(2);
        await expect(store.count(collection, { points: { $gte: 30 } })).resolves.toBe(3);
        await expect(store.count(unique('empty'))).resolves.toBe(0);
      });

      it('counts the numbers strictly above a value, so ties share a rank', async () => {
        await expect(store.countAbove(collection, 'points', 55)).resolves.toBe(0);
        await expect(store.countAbove(collection, 'points', 30)).resolves.toBe(1);
        await expect(store.countAbove(collection, 'points', 29.5)).resolves.toBe(3);
        await expect(store.countAbove(collection, 'points', 0)).resolves.toBe(5);
        await expect(store.countAbove(collection, 'points', -1)).resolves.toBe(6);
      });

      it('counts above a value among the documents matching a filter', async () => {
        await expect(store.countAbove(collection, 'points', 0, { active: true })).resolves.toBe(3);
        await expect(store.countAbove(collection, 'points', 30, { active: true })).resolves.toBe(1);
        await expect(store.countAbove(collection, 'points', 0, { active: false })).resolves.toBe(2);
        await expect(store.countAbove(unique('empty'), 'points', 0, { active: true })).resolves.toBe(0);
      });
    });

    describe('collections, indexes and resets', () => {
      it('keeps collections apart, even for documents with the same id', async () => {
        const games = unique('games');
        const players = unique('players');
        const projection = unique('projection');
        await store.commit({
          projection,
          position: 1n,
          writes: [upsert(games, { id: 'x', kind: 'game' }), upsert(players, { id: 'x', kind: 'player' })],
        });
        await store.commit({ projection, position: 2n, writes: [upsert(players, { id: 'y', kind: 'player' })] });

        await expect(store.get(games, 'x')).resolves.toEqual({ id: 'x', kind: 'game' });
        await expect(store.list(players)).resolves.toEqual([
          { id: 'x', kind: 'player' },
          { id: 'y', kind: 'player' },
        ]);
        await expect(store.count(games)).resolves.toBe(1);

        await store.commit({ projection, position: 3n, writes: [remove(games, 'x')] });
        await expect(store.get(players, 'x')).resolves.toEqual({ id: 'x', kind: 'player' });
      });

      it('ensures an index idempotently, harmlessly on an empty collection, and still answers correctly', async () => {
        const collection = unique('leaderboard');
        await store.ensureIndex(collection, ['active', ['points', 'desc']]);
        await store.ensureIndex(collection, ['active', ['points', 'desc']]);
        await store.ensureIndex(collection, ['name']);
        await expect(store.list(collection, { filter: { active: true }, sort: [['points', 'desc']] })).resolves.toEqual([]);
        await expect(store.countAbove(collection, 'points', 0, { active: true })).resolves.toBe(0);

        await seed(collection, [
          { id: 'a', name: 'A', active: true, points: 5 },
          { id: 'b', name: 'B', active: false, points: 9 },
          { id: 'c', name: 'C', active: true, points: 7 },
          { id: 'd', name: 'D', active: true, points: 5 },
        ]);
        const top = await store.list(collection, { filter: { active: true }, sort: [['points', 'desc']], limit: 2 });
        expect(top.map((document) => document.id)).toEqual(['c', 'a']);
        await expect(store.countAbove(collection, 'points', 5, { active: true })).resolves.toBe(1);
        await expect(idsOf(collection, { name: { $gt: 'B' } })).resolves.toEqual(['c', 'd']);
      });

      it('resets a projection: empties its collections and forgets only its checkpoint', async () => {
        const [rebuilt, alsoRebuilt, untouched] = [unique('games'), unique('players'), unique('other')];
        const [projection, otherProjection] = [unique('projection'), unique('projection')];
        await store.commit({
          projection,
          position: 9n,
          writes: [upsert(rebuilt, { id: 'a' }, 4n), upsert(alsoRebuilt, { id: 'b' }, 4n)],
        });
        await store.commit({ projection: otherProjection, position: 9n, writes: [upsert(untouched, { id: 'c' })] });

        await store.reset(projection, [rebuilt, alsoRebuilt]);

        await expect(store.count(rebuilt)).resolves.toBe(0);
        await expect(store.count(alsoRebuilt)).resolves.toBe(0);
        await expect(store.checkpoint(projection)).resolves.toBeNull();
        await expect(store.get(untouched, 'c')).resolves.toEqual({ id: 'c' });
        await expect(store.checkpoint(otherProjection)).resolves.toBe(9n);

        // A rebuild replays from the first event, with revisions lower than those it once stored.
        await expect(
          store.commit({ projection, position: 1n, writes: [upsert(rebuilt, { id: 'a', again: true }, 1n)] }),
        ).resolves.toBe(true);
        await expect(store.get(rebuilt, 'a')).resolves.toEqual({ id: 'a', again: true });
      });
    });

    describe('generations (blue/green rebuilds)', () => {
      it('builds a new generation while reads answer from the active one, then switches all reads at once', async () => {
        const [games, players, projection] = [unique('games'), unique('players'), unique('projection')];
        await store.commit({ projection, position: 5n, writes: [upsert(games, { id: 'g', v: 'old' }, 5n), upsert(players, { id: 'p', v: 'old' }, 5n)] });
        await expect(store.generations(projection)).resolves.toEqual({ active: 0, building: null });

        const generation = await store.beginGeneration(projection, [games, players]);
        expect(generation).toBe(1);
        await expect(store.generations(projection)).resolves.toEqual({ active: 0, building: 1 });
        const [newGames, newPlayers, newProjection] = [generationName(games, 1), generationName(players, 1), generationName(projection, 1)];
        await store.ensureIndex(newGames, [['v', 'desc']]);
        await store.commit({ projection: newProjection, position: 3n, writes: [upsert(newGames, { id: 'g', v: 'new' }, 3n)] });
        // Still behind the active generation (3 < 5): nothing switches, reads stay on generation 0.
        await expect(store.switchGeneration(projection, [games, players], 1)).resolves.toBe(false);
        await expect(store.get(games, 'g')).resolves.toEqual({ id: 'g', v: 'old' });
        await expect(store.checkpoint(projection)).resolves.toBe(5n);

        await store.commit({ projection: newProjection, position: 6n, writes: [upsert(newPlayers, { id: 'p', v: 'new' }, 6n), upsert(newGames, { id: 'h', v: 'new' }, 6n)] });
        await expect(store.switchGeneration(projection, [games, players], 1)).resolves.toBe(true);
        await expect(store.generations(projection)).resolves.toEqual({ active: 1, building: null });
        await expect(store.get(games, 'g')).resolves.toEqual({ id: 'g', v: 'new' });
        await expect(store.get(players, 'p')).resolves.toEqual({ id: 'p', v: 'new' });
        await expect(store.list(games, { sort: [['v', 'desc']] })).resolves.toEqual([{ id: 'g', v: 'new' }, { id: 'h', v: 'new' }]);
        await expect(store.count(games)).resolves.toBe(2);
        await expect(store.countAbove(games, 'v', 0)).resolves.toBe(0);
        await expect(store.checkpoint(projection)).resolves.toBe(6n);
        // The old generation is still there under its physical names until reset.
        await expect(store.checkpoint(generationName(projection, 1))).resolves.toBe(6n);
        await store.reset(projection, [games, players]);
        await expect(store.get(games, 'g')).resolves.toEqual({ id: 'g', v: 'new' });
      });

      it('refuses a commit for a generation that was replaced, writing nothing', async () => {
        const [games, projection] = [unique('games'), unique('projection')];
        await store.commit({ projection, position: 1n, writes: [upsert(games, { id: 'g', v: 0 }, 1n)] });
        const generation = await store.beginGeneration(projection, [games]);
        // The generation being built takes commits, and so does the active one until the switch.
        await store.commit({ projection: generationName(projection, generation), position: 2n, writes: [upsert(generationName(games, generation), { id: 'g', v: 2 }, 2n)] });
        await expect(store.commit({ projection, position: 2n, writes: [upsert(games, { id: 'g', v: 1 }, 2n)] })).resolves.toBe(true);
        await expect(store.switchGeneration(projection, [games], generation)).resolves.toBe(true);

        const late = store.commit({ projection, position: 3n, writes: [upsert(games, { id: 'late' }, 3n)] });
        await expect(late).rejects.toBeInstanceOf(GenerationMovedError);
        await expect(late).rejects.toThrow(/generation 0 is no longer written/);
        await expect(store.get(games, 'late')).resolves.toBeNull();
        await expect(store.get(generationName(games, generation), 'late')).resolves.toBeNull();
        await expect(store.checkpoint(projection)).resolves.toBe(2n);
      });

      it('starts an unfinished generation over, and refuses to switch to one not being built', async () => {
        const [games, projection] = [unique('games'), unique('projection')];
        const first = await store.beginGeneration(projection, [games]);
        await store.commit({ projection: generationName(projection, first), position: 4n, writes: [upsert(generationName(games, first), { id: 'stale' }, 4n)] });
        const again = await store.beginGeneration(projection, [games]);
        expect(again).toBe(first);
        await expect(store.count(generationName(games, first))).resolves.toBe(0);
        await expect(store.checkpoint(generationName(projection, first))).resolves.toBeNull();
        await expect(store.switchGeneration(projection, [games], first + 1)).rejects.toThrow(/not building generation/);
        // Nothing was projected into the active generation: an empty new one may replace it.
        await expect(store.switchGeneration(projection, [games], first)).resolves.toBe(true);
        await expect(store.beginGeneration(projection, [games])).resolves.toBe(first + 1);
        await expect(store.generations(projection)).resolves.toEqual({ active: first, building: first + 1 });
      });
    });
    describe('leases and fencing tokens (standby projectors)', () => {
      const holder = (id: string): LeaseHolder => ({ id, host: 'host-a', pid: 100 });
      const [a, b] = [holder('projector-a'), holder('projector-b')];

      it('gives a free lease to one holder, renews it with the same token, and refuses it to another until it expires', async () => {
        const name = unique('projection');
        await expect(store.readLease(name)).resolves.toBeNull();
        const taken = await store.acquireLease(name, a, 5000, { now: 1_000 });
        expect(taken).toEqual({ name, holder: a, token: 1, expiresAt: 6_000 });
        await expect(store.acquireLease(name, b, 5000, { now: 2_000 })).resolves.toBeNull();
        await expect(store.acquireLease(name, a, 5000, { now: 3_000 })).resolves.toEqual({ name, holder: a, token: 1, expiresAt: 8_000 });
        await expect(store.acquireLease(name, b, 5000, { now: 7_999 })).resolves.toBeNull();
        // Expired: the next holder gets the next token.
        await expect(store.acquireLease(name, b, 5000, { now: 8_000 })).resolves.toEqual({ name, holder: b, token: 2, expiresAt: 13_000 });
        await expect(store.readLease(name)).resolves.toEqual({ name, holder: b, token: 2, expiresAt: 13_000 });
        await expect(store.acquireLease(name, a, 5000, { now: 9_000 })).resolves.toBeNull();
      });

      it('hands a lease over at once when released, or when the taker names the holder it replaces', async () => {
        const name = unique('projection');
        await store.acquireLease(name, a, 60_000, { now: 1_000 });
        await store.releaseLease(name, b.id);
        await expect(store.acquireLease(name, b, 60_000, { now: 2_000 })).resolves.toBeNull();
        await store.releaseLease(name, a.id);
        await expect(store.acquireLease(name, b, 60_000, { now: 2_000 })).resolves.toMatchObject({ holder: b, token: 2 });
        await expect(store.acquireLease(name, a, 60_000, { now: 3_000, replacing: 'someone-else' })).resolves.toBeNull();
        await expect(store.acquireLease(name, a, 60_000, { now: 3_000, replacing: b.id })).resolves.toMatchObject({ holder: a, token: 3 });
      });

      it('gives a contended lease to exactly one of several takers at once', async () => {
        const name = unique('projection');
        const takers = Array.from({ length: 6 }, (_, i) => holder(`taker-${i}`));
        const results = await Promise.all(takers.map((taker) => store.acquireLease(name, taker, 5000, { now: 1_000 })));
        expect(results.filter((result) => result !== null)).toHaveLength(1);
        await expect(store.readLease(name)).resolves.toMatchObject({ token: 1 });
      });

      it('commits a batch fenced with the current token, and refuses one with an old token, writing nothing', async () => {
        const [games, projection] = [unique('games'), unique('projection')];
        const first = (await store.acquireLease(projection, a, 5000, { now: 1_000 }))!;
        await expect(store.commit({ projection, position: 1n, writes: [upsert(games, { id: 'g', by: 'a' }, 1n)], fence: first.token })).resolves.toBe(true);
        // a pauses past its lease; b takes over and commits.
        const second = (await store.acquireLease(projection, b, 5000, { now: 10_000 }))!;
        expect(second.token).toBe(first.token + 1);
        await expect(store.commit({ projection, position: 2n, writes: [upsert(games, { id: 'g', by: 'b' }, 2n)], fence: second.token })).resolves.toBe(true);
        // a wakes up with a batch ahead of b's checkpoint: refused all the same.
        const late = store.commit({ projection, position: 9n, writes: [upsert(games, { id: 'g', by: 'a, late' }, 9n), upsert(games, { id: 'h' }, 9n)], fence: first.token });
        await expect(late).rejects.toBeInstanceOf(LeaseLostError);
        await expect(late).rejects.toThrow(/no longer held with token 1/);
        await expect(store.get(games, 'g')).resolves.toEqual({ id: 'g', by: 'b' });
        await expect(store.get(games, 'h')).resolves.toBeNull();
        await expect(store.checkpoint(projection)).resolves.toBe(2n);
        // Fenced on a read model nobody leased: refused too; unfenced commits (a rebuild's) are not checked.
        const other = unique('projection');
        await expect(store.commit({ projection: other, position: 1n, writes: [], fence: 1 })).rejects.toBeInstanceOf(LeaseLostError);
        await expect(store.commit({ projection: other, position: 1n, writes: [] })).resolves.toBe(true);
      });

      it('fences a generation’s commits by the lease of its read model', async () => {
        const [games, projection] = [unique('games'), unique('projection')];
        const lease = (await store.acquireLease(projection, a, 5000, { now: 1_000 }))!;
        const generation = await store.beginGeneration(projection, [games]);
        await expect(store.commit({ projection: generationName(projection, generation), position: 1n, writes: [], fence: lease.token })).resolves.toBe(true);
        await expect(store.commit({ projection: generationName(projection, generation), position: 2n, writes: [], fence: lease.token + 1 })).rejects.toBeInstanceOf(LeaseLostError);
      });
    });
  });
}
