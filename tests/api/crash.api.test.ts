import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AuthSession, StartSoloGameResponse } from '@globetrail/contracts';
import { openEventStore, openReadStore } from '../../services/src/app/stores.js';
import { loadConfig } from '../../services/src/config/config.js';
import { projectionStatus } from '../../services/src/ops/projection-status.js';
import { verifyReadModels } from '../../services/src/ops/verify.js';
import { allProjections } from '../../services/src/projections/all-projections.js';
import { copySeeded, seededCatalogue } from '../../scripts/seeded-catalogue.mjs';

/**
 * The compiled server killed with SIGKILL in the middle of a load, three times. Clients do what the real
 * one does: retry what was not acknowledged, with the same ids. Afterwards every acknowledged command is in
 * the event store exactly once, no stream has a gap or a duplicate, and the read models the restarted
 * server built equal a clean rebuild from the events.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const CLIENTS = 6;
const KILLS = 3;
/** Acknowledged commands between two kills (a little random, so kills land at different moments). */
const ACKS_PER_LIFE = 40;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('kill -9 under load', () => {
  let dataDir: string;
  let server: ChildProcess | null = null;
  let port: number;

  const env = () => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    IMAGERY_PROVIDER: 'offline',
    LOG_LEVEL: 'error',
    RATE_LIMIT_SCALE: '0',
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
  });

  async function start(): Promise<void> {
    const child = spawn(process.execPath, [join(repoRoot, 'services', 'dist', 'main.js')], { env: env(), stdio: ['ignore', 'pipe', 'inherit'] });
    server = child;
    let running = false;
    for await (const line of createInterface({ input: child.stdout! })) {
      if (!line.includes('is running at')) continue;
      running = true;
      break;
    }
    if (!running) throw new Error(`the server exited before it was up (code ${child.exitCode}, signal ${child.signalCode})`);
    child.stdout!.resume();
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    const child = server!;
    server = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'globetrail-crash-'));
    copySeeded(await seededCatalogue(repoRoot), dataDir);
    port = await freePort();
  });
  afterAll(async () => {
    if (server) await kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged command, writes none twice, and rebuilds the same read models', async () => {
    await start();
    const base = `http://127.0.0.1:${port}`;
    let up = true;
    /** A request as a client makes it: on a dropped connection, wait for the server and send the same again. */
    async function send(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: unknown }> {
      for (;;) {
        while (!up) await new Promise((resolve) => setTimeout(resolve, 20));
        try {
          const response = await fetch(base + path, {
            method: init.method ?? 'POST',
            headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: init.token } : {}), ...init.headers },
            ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
          });
          if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
          return { status: response.status, body: await response.json().catch(() => null) };
        } catch (error) {
          if (error instanceof Error && /answered 5/.test(error.message)) throw error;
        }
      }
    }

    const players = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const session = (await send('/auth/anonymous', {})).body as AuthSession;
        await send('/user/create', { token: session.idToken });
        return session.idToken;
      }),
    );

    const guesses: Array<{ gameId: string; roundIndex: number }> = [];
    const reports: string[] = [];
    let acknowledged = 0;
    let stop = false;
    const client = async (token: string, n: number) => {
      while (!stop) {
        const game = (await send('/solo', { token, body: {} })).body as StartSoloGameResponse;
        acknowledged += 1;
        for (let roundIndex = 0; roundIndex < 3 && !stop; roundIndex += 1) {
          if (roundIndex > 0) expect((await send(`/solo/${game.gameId}/rounds`, { token, body: { roundIndex } })).status).toBe(201);
          const guessed = await send(`/solo/${game.gameId}/guess`, { token, body: { roundIndex, guess: { lat: n, lng: roundIndex } } });
          // A retried guess whose first try was stored before the kill is refused as already guessed: still once.
          expect([200, 409]).toContain(guessed.status);
          guesses.push({ gameId: game.gameId, roundIndex });
          acknowledged += 1;
        }
        const reportId = randomUUID();
        const reported = await send('/client-errors', { body: { kind: 'error', name: 'Error', message: `crash test ${n}`, stack: '', page: '/', release: 'test' }, headers: { 'X-Report-Id': reportId } });
        expect(reported.status).toBe(202);
        reports.push(reportId);
        acknowledged += 1;
      }
    };
    let failure: unknown = null;
    const load = Promise.all(players.map((token, n) => client(token, n))).catch((error: unknown) => {
      failure = error;
      stop = true;
    });
    const reach = async (count: number) => {
      while (acknowledged < count && failure === null) await new Promise((resolve) => setTimeout(resolve, 5));
      if (failure !== null) throw failure;
    };

    for (let life = 0; life < KILLS; life += 1) {
      await reach(acknowledged + ACKS_PER_LIFE + Math.floor(Math.random() * ACKS_PER_LIFE));
      up = false;
      await kill('SIGKILL');
      await start();
      up = true;
    }
    await reach(acknowledged + ACKS_PER_LIFE);
    stop = true;
    await load;
    if (failure !== null) throw failure;

    // Let the restarted projector catch up with everything, then stop the server cleanly and look.
    const config = loadConfig({ DATA_DIR: dataDir, IMAGERY_PROVIDER: 'offline' }, { clientDist: '', releaseId: 'test' });
    const events = await openEventStore(config, { writerThread: false });
    const reads = await openReadStore(config);
    try {
      for (;;) {
        const status = await projectionStatus(events, reads, allProjections);
        if (status.every((projection) => projection.lag === 0n)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await kill('SIGTERM');

      const all = await events.readAll();
      expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
      const revisions = new Map<string, bigint[]>();
      for (const event of all) revisions.set(event.streamId, [...(revisions.get(event.streamId) ?? []), event.revision]);
      for (const [stream, list] of revisions) expect({ stream, list }).toEqual({ stream, list: list.map((_, i) => BigInt(i)) });

      for (const { gameId, roundIndex } of guesses) {
        const placed = all.filter((event) => event.streamId === `solo-${gameId}` && event.type === 'SoloGuessPlaced' && (event.data as { roundIndex: number }).roundIndex === roundIndex);
        expect({ gameId, roundIndex, stored: placed.length }).toEqual({ gameId, roundIndex, stored: 1 });
      }
      for (const reportId of reports) expect({ reportId, stored: all.filter((event) => event.streamId === `clienterror-${reportId}`).length }).toEqual({ reportId, stored: 1 });
      expect(guesses.length).toBeGreaterThan(KILLS * ACKS_PER_LIFE / 2);

      const report = await verifyReadModels(events, reads, allProjections);
      expect(report.differences).toEqual([]);
      expect(report.compared).toBeGreaterThan(0);
    } finally {
      await events.close();
      await reads.close();
    }
  }, 300_000);
});
