/**
 * The maps catalogue's reads through the read-store port, beside the same queries written by hand on a raw
 * better-sqlite3 connection to the same file, in the same run: a `mapLoc` batch and a `randomLoc` draw of
 * the World map (over 100,000 locations), a search page and a featured page. Both sides do the same
 * essential work: the same statements' plans over the same indexes (the hand-written SQL spells the
 * indexed expressions out), the same number of round trips, and JSON parsing of every document read.
 * Operations alternate port / raw so machine noise hits both. Run: `npm run bench:maps`
 * (BENCH_N=<operations per query and side>, default 3000).
 *
 * The catalogue is seeded by a first start of the real app on a temporary data directory, exactly as
 * `npm start` does, then read with the app closed.
 */
import 'reflect-metadata';
import type { Statement } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOCATIONS_PER_BATCH, type MapDoc, type MapSort, readModelCollections } from '@globetrail/contracts';
import { createApp } from '../app/create-app.js';
import { loadConfig } from '../config/config.js';
import { seededRandom } from '../domain/decision-context.js';
import { drawFreshIndexes } from '../domain/solo/pick-location.js';
import { collectionsWithTables, documentsTable, SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { openDatabase, type SqliteDatabase } from '../platform/sqlite/open-database.js';
import { locationBatch, locationsAt } from '../projections/map-locations/map-locations.queries.js';
import { MAP_SORT_FIELDS } from '../projections/maps/map-sorts.js';
import { mapDoc, searchPage, sectionPage } from '../projections/maps/maps.queries.js';
import { searchTermOf } from '../projections/maps/search-terms.js';
import { alternate, printRow } from './side-by-side.js';
import { field } from './sql-fields.js';

const TARGET_RATIO = 1.5;
const PAGE_SIZE = 20;
const QUERIES = ['fra', 'united', 'ar', 'world', 'isl', 'new', 'ko', 'sa', 'ma', 'south', 'rural', 'bal', 'gu', 'ch', 'ire', 'nor'];
const SORTS: MapSort[] = ['likes', 'plays', 'new', 'updated', 'name', 'locations'];

function operationsPerQuery(): number {
  const raw = process.env.BENCH_N ?? '3000';
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_N must be a whole number > 0, got "${raw}"`);
  return n;
}


const ORDER_BY: Record<MapSort, string> = Object.fromEntries(
  Object.entries(MAP_SORT_FIELDS).map(([sort, fields]) => [sort, [...fields.map(([name, direction]) => `${field(name)} ${direction.toUpperCase()}`), 'id ASC'].join(', ')]),
) as Record<MapSort, string>;

/** The hand-written side: prepared statements on a plain connection, bodies parsed like the port does. */
class HandWritten {
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();
  constructor(private readonly db: SqliteDatabase) {}

  private all(sql: string, ...params: unknown[]): unknown[] {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare<unknown[], unknown>(sql).pluck()));
    return statement.all(...params) as unknown[];
  }

  private one(sql: string, ...params: unknown[]): unknown {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare<unknown[], unknown>(sql).pluck()));
    return statement.get(...params);
  }

  batch(mapId: string, batch: number) {
    const from = batch * LOCATIONS_PER_BATCH;
    return this.parse(
      this.all(
        `SELECT body FROM ${documentsTable('map_locations')} WHERE ${field('mapId')} = ? AND ${field('idx')} >= ? AND ${field('idx')} < ? ORDER BY ${field('idx')} ASC, id ASC LIMIT 10`,
        mapId,
        from,
        from + LOCATIONS_PER_BATCH,
      ),
    );
  }

  random(mapId: string, seed: number) {
    const body = this.one(`SELECT body FROM ${documentsTable('maps')} WHERE id = ?`, mapId) as string;
    const map = JSON.parse(body) as MapDoc;
    const indexes = drawFreshIndexes(map.loc, new Set(), LOCATIONS_PER_BATCH, seededRandom(seed))!;
    return this.parse(this.all(`SELECT body FROM ${documentsTable('map_locations')} WHERE ${field('mapId')} = ? AND ${field('idx')} IN (${indexes.map(() => '?').join(', ')}) ORDER BY ${field('idx')} ASC, id ASC`, mapId, ...indexes));
  }

  search(query: string, page: number, sort: MapSort) {
    const term = searchTermOf(query);
    const total = this.one(`SELECT count(*) FROM ${documentsTable('map_search_terms')} WHERE ${field('term')} = ?`, term);
    const hits = this.parse(this.all(`SELECT body FROM ${documentsTable('map_search_terms')} WHERE ${field('term')} = ? ORDER BY ${ORDER_BY[sort]} LIMIT ${PAGE_SIZE} OFFSET ?`, term, page * PAGE_SIZE)) as Array<{ mapId: string }>;
    const ids = hits.map((hit) => hit.mapId);
    const maps = ids.length === 0 ? [] : this.parse(this.all(`SELECT body FROM ${documentsTable('maps')} WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids));
    return { total, maps };
  }

  featured(page: number, sort: MapSort) {
    const total = this.one(`SELECT count(*) FROM ${documentsTable('maps')} WHERE ${field('section')} = 'featured'`);
    const maps = this.parse(this.all(`SELECT body FROM ${documentsTable('maps')} WHERE ${field('section')} = 'featured' ORDER BY ${ORDER_BY[sort]} LIMIT ${PAGE_SIZE} OFFSET ?`, page * PAGE_SIZE));
    return { total, maps };
  }

  plan(sql: string, ...params: unknown[]): string {
    return (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('; ');
  }

  private parse(bodies: unknown[]): unknown[] {
    return bodies.map((body) => JSON.parse(body as string));
  }
}

interface Measured {
  name: string;
  port: number[];
  raw: number[];
}


async function main(): Promise<void> {
  const n = operationsPerQuery();
  const dataDir = mkdtempSync(join(tmpdir(), 'globetrail-maps-bench-'));
  try {
    const seedStarted = performance.now();
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', IMAGERY_PROVIDER: 'offline' }, { clientDist: join(dataDir, 'no-client'), releaseId: 'bench' }), { logger: false });
    await app.close();
    console.log(`seeded the preset maps with a first start of the app in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const file = join(dataDir, 'read-models.sqlite');
    const reads = SqliteReadStore.open(file);
    const db = openDatabase(file, 'normal');
    const raw = new HandWritten(db);
    try {
      const world = (await mapDoc(reads, 'world'))!;
      const featuredTotal = (await sectionPage(reads, 'featured', 0, 1, 'likes', null)).total;
      const documents = collectionsWithTables(db).reduce((sum, collection) => sum + (db.prepare(`SELECT count(*) FROM ${documentsTable(collection)}`).pluck().get() as number), 0);
      console.log(`World: ${world.loc.toLocaleString('en')} locations; ${featuredTotal} featured maps; ${documents.toLocaleString('en')} read-model documents in all`);

      // Same answers on both sides before anything is timed.
      const sameBatch = JSON.stringify(await locationBatch(reads, 'world', 1234)) === JSON.stringify(raw.batch('world', 1234));
      const portSearch = await searchPage(reads, 'fra', 0, PAGE_SIZE, 'likes', null);
      const rawSearch = raw.search('fra', 0, 'likes');
      const sameSearch = portSearch.total === rawSearch.total && portSearch.maps.length === rawSearch.maps.length;
      if (!sameBatch || !sameSearch) throw new Error('the port and the hand-written queries disagree');

      const random = seededRandom(42);
      const batches = Math.ceil(world.loc / LOCATIONS_PER_BATCH);
      const measured: Measured[] = [
        { name: 'mapLoc batch (World)', port: [], raw: [] },
        { name: 'randomLoc draw (World)', port: [], raw: [] },
        { name: 'search page', port: [], raw: [] },
        { name: 'featured page', port: [], raw: [] },
      ];
      for (let i = 0; i < n; i++) {
        const batch = Math.floor(random() * batches);
        const seed = Math.floor(random() * 2 ** 31);
        const query = QUERIES[i % QUERIES.length]!;
        const sort = SORTS[i % SORTS.length]!;
        const page = Math.floor(random() * Math.ceil(featuredTotal / PAGE_SIZE));
        const searchPageNumber = i % 3 === 0 ? 1 : 0;
        const operations: Array<[() => unknown, () => unknown]> = [
          [() => locationBatch(reads, 'world', batch), () => raw.batch('world', batch)],
          [
            async () => {
              const map = (await mapDoc(reads, 'world'))!;
              return locationsAt(reads, 'world', drawFreshIndexes(map.loc, new Set(), LOCATIONS_PER_BATCH, seededRandom(seed))!);
            },
            () => raw.random('world', seed),
          ],
          [() => searchPage(reads, query, searchPageNumber, PAGE_SIZE, sort, null), () => raw.search(query, searchPageNumber, sort)],
          [() => sectionPage(reads, 'featured', page, PAGE_SIZE, sort, null), () => raw.featured(page, sort)],
        ];
        for (const [k, [port, hand]] of operations.entries()) await alternate(i, port, hand, measured[k]!);
      }

      console.log(`\n${n.toLocaleString('en')} operations per query and side, alternating; target: port p99 ≤ ${TARGET_RATIO} × hand-written p99\n`);
      console.log('| query | port p50 / p99 | hand-written p50 / p99 | p99 ratio | |');
      console.log('| --- | --- | --- | --- | --- |');
      let failed = false;
      for (const { name, ...timings } of measured) failed = !printRow(name, timings, TARGET_RATIO) || failed;

      console.log('\nQuery plans (hand-written SQL; the port issues the same statements):');
      const plans: Array<[string, string, unknown[]]> = [
        ['mapLoc batch', `SELECT body FROM ${documentsTable('map_locations')} WHERE ${field('mapId')} = ? AND ${field('idx')} >= ? AND ${field('idx')} < ? ORDER BY ${field('idx')} ASC, id ASC LIMIT 10`, ['world', 100, 110]],
        ['randomLoc draw', `SELECT body FROM ${documentsTable('map_locations')} WHERE ${field('mapId')} = ? AND ${field('idx')} IN (?, ?, ?)`, ['world', 1, 2, 3]],
        ['search terms', `SELECT body FROM ${documentsTable('map_search_terms')} WHERE ${field('term')} = ? ORDER BY ${ORDER_BY.likes} LIMIT 20`, ['fra']],
        ['featured page', `SELECT body FROM ${documentsTable('maps')} WHERE ${field('section')} = 'featured' ORDER BY ${ORDER_BY.name} LIMIT 20 OFFSET 40`, []],
      ];
      for (const [name, sql, params] of plans) console.log(`- ${name}: ${raw.plan(sql, ...params)}`);
      process.exitCode = failed ? 1 : 0;
    } finally {
      db.close();
      await reads.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}


await main();
