import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../sqlite/open-database.js';
import type { Document } from './read-store.port.js';
import { readStoreContract } from './read-store.contract.js';
import { collectionsWithTables, countQuery, listQuery, SqliteReadStore, type SqlQuery } from './sqlite-read-store.js';

readStoreContract('SQLite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'read-store-'));
  const store = SqliteReadStore.open(join(dir, 'read.db'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadStore on its own file', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-store-'));
    file = join(dir, 'read.db');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("sees a generation switched by another connection (another thread or process) at its next read", async () => {
    const reader = SqliteReadStore.open(file);
    const rebuilder = SqliteReadStore.open(file);
    try {
      await rebuilder.commit({ projection: 'p', position: 1n, writes: [{ kind: 'upsert', collection: 'c', document: { id: 'x', v: 0 }, revision: 1n }] });
      await expect(reader.get('c', 'x')).resolves.toEqual({ id: 'x', v: 0 });
      const generation = await rebuilder.beginGeneration('p', ['c']);
      await rebuilder.commit({ projection: `p@${generation}`, position: 1n, writes: [{ kind: 'upsert', collection: `c@${generation}`, document: { id: 'x', v: 1 }, revision: 1n }] });
      await expect(reader.get('c', 'x')).resolves.toEqual({ id: 'x', v: 0 });
      await expect(rebuilder.switchGeneration('p', ['c'], generation)).resolves.toBe(true);
      await expect(reader.get('c', 'x')).resolves.toEqual({ id: 'x', v: 1 });
      await expect(reader.list('c')).resolves.toEqual([{ id: 'x', v: 1 }]);
      await expect(reader.checkpoint('p')).resolves.toBe(1n);
    } finally {
      await reader.close();
      await rebuilder.close();
    }
  });

  /** Asks the file something on a connection of its own. */
  function inFile<T>(query: (db: ReturnType<typeof openDatabase>) => T): T {
    const db = openDatabase(file);
    try {
      return query(db);
    } finally {
      db.close();
    }
  }

  /** Asks a second connection how SQLite runs the store's own SQL for a query. */
  function queryPlan({ sql, params }: SqlQuery): string {
    const db = openDatabase(file);
    try {
      const rows = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
      return rows.map((row) => row.detail).join('\n');
    } finally {
      db.close();
    }
  }

  function leaderboard(size: number): Document[] {
    return Array.from({ length: size }, (_, i) => ({
      id: `player-${String(i).padStart(5, '0')}`,
      name: `Player ${i}`,
      active: i % 3 !== 0,
      points: (i * 7919) % 1000,
    }));
  }

  it('keeps documents, revisions and checkpoints across close and reopen', async () => {
    const position = 2n ** 62n + 3n;
    const first = SqliteReadStore.open(file);
    await first.commit({
      projection: 'leaderboard',
      position,
      writes: [{ kind: 'upsert', collection: 'leaderboard', document: { id: 'ana', points: 30 }, revision: 8n }],
    });
    await first.close();

    const reopened = SqliteReadStore.open(file);
    try {
      await expect(reopened.get('leaderboard', 'ana')).resolves.toEqual({ id: 'ana', points: 30 });
      await expect(reopened.checkpoint('leaderboard')).resolves.toBe(position);
      await expect(reopened.commit({ projection: 'leaderboard', position, writes: [] })).resolves.toBe(false);

      const stale = { kind: 'upsert', collection: 'leaderboard', document: { id: 'ana', points: 1 }, revision: 8n } as const;
      await expect(reopened.commit({ projection: 'leaderboard', position: position + 1n, writes: [stale] })).resolves.toBe(
        true,
      );
      await expect(reopened.get('leaderboard', 'ana')).resolves.toEqual({ id: 'ana', points: 30 });
    } finally {
      await reopened.close();
    }
  });

  it('answers leaderboard queries from the indexes ensureIndex declares, without sorting', async () => {
    const store = SqliteReadStore.open(file);
    try {
      await store.commit({
        projection: 'leaderboard',
        position: 1n,
        writes: leaderboard(500).map((document) => ({ kind: 'upsert', collection: 'leaderboard', document, revision: 1n })),
      });
      for (let i = 0; i < 2; i++) {
        await store.ensureIndex('leaderboard', ['active', ['points', 'desc']]);
        await store.ensureIndex('leaderboard', [['points', 'desc']]);
      }

      const activeTop = queryPlan(
        listQuery('leaderboard', { filter: { active: true }, sort: [['points', 'desc']], limit: 20 }),
      );
      expect(activeTop).toContain('USING INDEX index:leaderboard:active,-points');
      expect(activeTop).not.toContain('TEMP B-TREE');

      const overallTop = queryPlan(listQuery('leaderboard', { sort: [['points', 'desc']], skip: 40, limit: 20 }));
      expect(overallTop).toContain('USING INDEX index:leaderboard:-points');
      expect(overallTop).not.toContain('TEMP B-TREE');

      const activeRank = queryPlan(countQuery('leaderboard', { active: true }, ['points', 512]));
      expect(activeRank).toContain('USING COVERING INDEX index:leaderboard:active,-points');
      const overallRank = queryPlan(countQuery('leaderboard', undefined, ['points', 512]));
      expect(overallRank).toContain('USING COVERING INDEX index:leaderboard:-points');

      const db = openDatabase(file);
      const indexes = db
        .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'index' AND name GLOB 'index:*'")
        .pluck()
        .all();
      db.close();
      expect(indexes.sort()).toEqual(['index:leaderboard:-points', 'index:leaderboard:active,-points']);
    } finally {
      await store.close();
    }
  });

  it('reads a range closed on both sides as one slice of the index, without type bounds to scan past', async () => {
    const bothSides = listQuery('map_locations', { filter: { mapId: 'world', idx: { $gte: 100, $lt: 110 } }, sort: [['idx', 'asc']] });
    // With a type bound (`< ''`) as well, SQLite takes it as the range's upper end and tests every entry past 100.
    expect(bothSides.sql).not.toContain("< ''");
    const store = SqliteReadStore.open(file);
    try {
      await store.ensureIndex('map_locations', ['mapId', 'idx']);
      const locations = Array.from({ length: 300 }, (_, idx) => ({ id: `world:${idx}`, mapId: 'world', idx }));
      await store.commit({ projection: 'map-locations', position: 1n, writes: locations.map((document) => ({ kind: 'upsert', collection: 'map_locations', document, revision: 1n })) });
      await expect(store.list('map_locations', { filter: { mapId: 'world', idx: { $gte: 100, $lt: 110 } }, sort: [['idx', 'asc']] })).resolves.toEqual(locations.slice(100, 110));
      expect(queryPlan(bothSides)).toContain('USING INDEX index:map_locations:mapId,idx');
    } finally {
      await store.close();
    }
  });

  it("keeps each collection in a table of its own, each index over that table's documents only", async () => {
    const store = SqliteReadStore.open(file);
    try {
      await store.ensureIndex('leaderboard', [['points', 'desc']]);
      const writes = [
        ...leaderboard(300).map((document) => ({ kind: 'upsert' as const, collection: 'leaderboard', document, revision: 1n })),
        ...Array.from({ length: 700 }, (_, i) => ({ kind: 'upsert' as const, collection: 'map_locations', document: { id: `l${i}`, idx: i }, revision: 1n })),
      ];
      await store.commit({ projection: 'p', position: 1n, writes });
      const db = openDatabase(file);
      try {
        expect(db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'index' AND name GLOB 'index:*'").pluck().all()).toEqual(['index:leaderboard:-points']);
        expect(db.prepare<[], string>("SELECT tbl_name FROM sqlite_schema WHERE name = 'index:leaderboard:-points'").pluck().get()).toBe('documents:leaderboard');
        const entries = db.prepare<[], number>(`SELECT count(*) FROM "documents:leaderboard" INDEXED BY "index:leaderboard:-points"`).pluck().get();
        expect(entries).toBe(300);
        expect(db.prepare<[], number>('SELECT count(*) FROM "documents:map_locations"').pluck().get()).toBe(700);
      } finally {
        db.close();
      }
      await expect(store.list('leaderboard', { sort: [['points', 'desc']], limit: 1 })).resolves.toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('moves the documents of a store made with one shared table into their own tables when it opens', async () => {
    const before = openDatabase(file);
    before.exec(`CREATE TABLE read_documents (collection TEXT NOT NULL, id TEXT NOT NULL, revision INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (collection, id)) STRICT`);
    before.exec(`CREATE INDEX "read_pidx:leaderboard:-points" ON read_documents (collection, json_extract(body, '$.points') DESC, id ASC) WHERE collection = 'leaderboard'`);
    before.exec(`CREATE TABLE read_checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL) STRICT`);
    const insert = before.prepare('INSERT INTO read_documents VALUES (?, ?, ?, ?)');
    for (const player of leaderboard(50)) insert.run('leaderboard', player.id, 4, JSON.stringify(player));
    insert.run('leaderboard@2', 'x', 1, JSON.stringify({ id: 'x', points: 1 }));
    insert.run('user_profiles', 'ana', 7, JSON.stringify({ id: 'ana', name: 'Ana' }));
    before.prepare('INSERT INTO read_checkpoints VALUES (?, ?)').run('leaderboard', 99);
    before.close();

    const store = SqliteReadStore.open(file);
    const again = SqliteReadStore.open(file);
    try {
      await expect(store.get('user_profiles', 'ana')).resolves.toEqual({ id: 'ana', name: 'Ana' });
      await expect(store.count('leaderboard')).resolves.toBe(50);
      await expect(store.get('leaderboard@2', 'x')).resolves.toEqual({ id: 'x', points: 1 });
      await expect(store.checkpoint('leaderboard')).resolves.toBe(99n);
      // The revisions came along: an older write is still refused.
      await store.commit({ projection: 'user-profile', position: 1n, writes: [{ kind: 'upsert', collection: 'user_profiles', document: { id: 'ana', name: 'Old' }, revision: 6n }] });
      await expect(again.get('user_profiles', 'ana')).resolves.toEqual({ id: 'ana', name: 'Ana' });
      expect(inFile(collectionsWithTables).sort()).toEqual(['leaderboard', 'leaderboard@2', 'user_profiles']);
      expect(inFile((db) => db.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN ('read_documents', 'read_pidx:leaderboard:-points')").pluck().get())).toBe(0);
    } finally {
      await store.close();
      await again.close();
    }
  });

  it('drops the tables of a generation a rebuild replaced, and reads a collection with no table as empty', async () => {
    const store = SqliteReadStore.open(file);
    const reader = SqliteReadStore.open(file);
    const tables = () => inFile(collectionsWithTables).sort();
    try {
      await expect(reader.list('c', { filter: { v: 1 }, sort: [['v', 'desc']] })).resolves.toEqual([]);
      await expect(reader.count('c')).resolves.toBe(0);
      await expect(reader.get('c', 'x')).resolves.toBeNull();
      expect(tables()).toEqual([]);
      await store.commit({ projection: 'p', position: 1n, writes: [{ kind: 'upsert', collection: 'c', document: { id: 'x', v: 0 }, revision: 1n }] });
      await expect(reader.get('c', 'x')).resolves.toEqual({ id: 'x', v: 0 });
      const generation = await store.beginGeneration('p', ['c']);
      await store.ensureIndex(`c@${generation}`, ['v']);
      await store.commit({ projection: `p@${generation}`, position: 1n, writes: [{ kind: 'upsert', collection: `c@${generation}`, document: { id: 'x', v: 1 }, revision: 1n }] });
      await expect(store.switchGeneration('p', ['c'], generation)).resolves.toBe(true);
      await expect(reader.get('c', 'x')).resolves.toEqual({ id: 'x', v: 1 });
      // What the rebuild does with the generation it replaced (0: the plain names).
      await store.reset('p', ['c']);
      expect(tables()).toEqual([`c@${generation}`]);
      await expect(reader.list('c', { filter: { v: 1 } })).resolves.toEqual([{ id: 'x', v: 1 }]);
    } finally {
      await store.close();
      await reader.close();
    }
  });

  it('writes and reads again a collection whose table another connection dropped since', async () => {
    const store = SqliteReadStore.open(file);
    const other = SqliteReadStore.open(file);
    try {
      const write = (position: bigint, v: number) => store.commit({ projection: 'p', position, writes: [{ kind: 'upsert', collection: 'c', document: { id: 'x', v }, revision: position }] });
      await write(1n, 1);
      await expect(store.get('c', 'x')).resolves.toEqual({ id: 'x', v: 1 });
      await other.reset('p', ['c']);
      // Its statements on the dropped table answer as for an empty collection, and a write makes the table again.
      await expect(store.get('c', 'x')).resolves.toBeNull();
      await expect(store.list('c', { filter: { v: 1 } })).resolves.toEqual([]);
      await expect(store.commit({ projection: 'p', position: 2n, writes: [{ kind: 'delete', collection: 'c', id: 'x' }, { kind: 'deletePrefix', collection: 'c', prefix: 'x' }] })).resolves.toBe(true);
      await write(3n, 3);
      await expect(other.get('c', 'x')).resolves.toEqual({ id: 'x', v: 3 });
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('pages and ranks 20,000 documents through an index', async () => {
    const store = SqliteReadStore.open(file);
    try {
      const players = leaderboard(20_000);
      await store.ensureIndex('leaderboard', ['active', ['points', 'desc']]);
      await store.commit({
        projection: 'leaderboard',
        position: 1n,
        writes: players.map((document) => ({ kind: 'upsert', collection: 'leaderboard', document, revision: 1n })),
      });
      const byRank = players
        .filter((player) => player.active)
        .sort((a, b) => (b.points as number) - (a.points as number) || (a.id < b.id ? -1 : 1));

      const query = { filter: { active: true }, sort: [['points', 'desc']] as Array<[string, 'desc']>, limit: 20 };
      await expect(store.list('leaderboard', query)).resolves.toEqual(byRank.slice(0, 20));
      await expect(store.list('leaderboard', { ...query, skip: 10_000 })).resolves.toEqual(byRank.slice(10_000, 10_020));

      const me = byRank[4321]!;
      const above = byRank.filter((player) => (player.points as number) > (me.points as number)).length;
      await expect(store.countAbove('leaderboard', 'points', me.points as number, { active: true })).resolves.toBe(above);
    } finally {
      await store.close();
    }
  });
});
