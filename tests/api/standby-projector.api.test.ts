import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openEventStore, openReadStore } from '../../services/src/app/stores.js';
import { realisticLog } from '../../services/src/bench/rebuild/realistic-log.js';
import { loadConfig } from '../../services/src/config/config.js';
import { projectionStatus } from '../../services/src/ops/projection-status.js';
import { verifyReadModels } from '../../services/src/ops/verify.js';
import { EventWriter } from '../../services/src/platform/event-store/event-writer.js';
import { allProjections } from '../../services/src/projections/all-projections.js';
import { copySeeded, seededCatalogue } from '../../scripts/seeded-catalogue.mjs';

/**
 * Two projector processes (the compiled server, ROLES=projector) on the same SQLite files, under a load
 * of realistic events appended by another process (this one). One holds every read model's lease and
 * projects; the other stands by. The active one is killed with SIGKILL mid-load: the standby takes every
 * read model over within 10 s, and once it has caught up the read models equal a clean rebuild — nothing
 * lost, nothing counted twice (the leaderboards' points and the profiles' counters would show it).
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const TAKEOVER_LIMIT_MS = 10_000;
/** Realistic events appended per tick, and ticks a second: a steady write load while the projector dies. */
const EVENTS_PER_TICK = 150;
const TICK_MS = 40;

describe('a standby projector under load', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  async function projector(id: string): Promise<ChildProcess> {
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ROLES: 'projector', PROJECTOR_ID: id, IMAGERY_PROVIDER: 'offline', LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, [join(repoRoot, 'services', 'dist', 'main.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let running = false;
    for await (const line of createInterface({ input: child.stdout! })) {
      if (!line.includes(' is running')) continue;
      running = true;
      break;
    }
    if (!running) throw new Error(`projector ${id} exited before it was up (code ${child.exitCode}, signal ${child.signalCode})`);
    child.stdout!.resume();
    return child;
  }

  const exited = (child: ChildProcess, signal: NodeJS.Signals) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
        });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'globetrail-standby-'));
    copySeeded(await seededCatalogue(repoRoot), dataDir);
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => exited(child, 'SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over within 10 s of the active projector’s kill -9, and the read models equal a clean rebuild', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, IMAGERY_PROVIDER: 'offline' }, { clientDist: '', releaseId: 'test' });
    const events = await openEventStore(config, { writerThread: false });
    const reads = await openReadStore(config);
    const names = allProjections.map((projection) => projection.name);
    const holders = async () => Promise.all(names.map(async (name) => (await reads.readLease(name))?.holder.id ?? null));
    try {
      const active = await projector('projector-a');
      const standby = await projector('projector-b');
      expect(new Set(await holders())).toEqual(new Set(['projector-a']));
      const tokensBefore = await Promise.all(names.map(async (name) => (await reads.readLease(name))!.token));

      // The load: realistic events (sign-ups, solo games, challenges, likes…) appended by another process.
      const writer = new EventWriter(join(dataDir, 'events.sqlite'));
      const log = realisticLog(24_000);
      let appended = 0;
      let loading = true;
      const load = (async () => {
        let group: Parameters<EventWriter['write']>[0] = [];
        for (const appends of log) {
          group.push(...appends);
          if (group.reduce((sum, append) => sum + append.rows.length, 0) < EVENTS_PER_TICK) continue;
          const outcome = writer.write(group);
          if (!outcome.ok) throw new Error(`the load's append failed: ${JSON.stringify(outcome.failure)}`);
          appended += group.reduce((sum, append) => sum + append.rows.length, 0);
          group = [];
          await new Promise((resolve) => setTimeout(resolve, TICK_MS));
          if (!loading) break;
        }
      })();

      const until = async (check: () => Promise<boolean>, what: string, timeoutMs: number) => {
        const started = Date.now();
        while (!(await check())) {
          if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return Date.now() - started;
      };
      // The active one is projecting the load: its checkpoints move.
      const before = (await projectionStatus(events, reads, allProjections)).find((status) => status.name === 'leaderboards')!.checkpoint;
      await until(async () => (await reads.checkpoint('leaderboards')) !== before && appended >= 3_000, 'the active projector commits under load', 20_000);

      await exited(active, 'SIGKILL');
      const takeover = await until(async () => (await holders()).every((holder) => holder === 'projector-b'), 'the standby holds every lease', TAKEOVER_LIMIT_MS);
      const leases = await Promise.all(names.map((name) => reads.readLease(name)));
      // Each lease changed hands once: its token grew by one.
      expect(leases.map((lease) => `${lease!.name} ${lease!.token}`)).toEqual(names.map((name, i) => `${name} ${tokensBefore[i]! + 1}`));

      // It projects: the load goes on for a while under the new holder, then stops.
      const afterTakeover = await reads.checkpoint('leaderboards');
      await until(async () => (await reads.checkpoint('leaderboards')) !== afterTakeover, 'the standby commits', TAKEOVER_LIMIT_MS);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      loading = false;
      await load;
      writer.close();
      await until(async () => (await projectionStatus(events, reads, allProjections)).every((status) => status.lag === 0n), 'every read model has caught up', 60_000);
      await exited(standby, 'SIGTERM');

      expect(appended).toBeGreaterThan(5_000);
      const report = await verifyReadModels(events, reads, allProjections);
      expect(report.differences).toEqual([]);
      expect(report.compared).toBeGreaterThan(appended / 10);
      // A clean stop released every lease at once for whoever comes next.
      expect((await Promise.all(names.map((name) => reads.readLease(name)))).every((lease) => lease!.expiresAt === 0)).toBe(true);
      process.stdout.write(`standby projector: took over in ${takeover} ms after kill -9; ${appended.toLocaleString('en')} events appended under load; ${report.compared.toLocaleString('en')} documents equal a clean rebuild\n`);
    } finally {
      await events.close();
      await reads.close();
    }
  }, 180_000);
});
