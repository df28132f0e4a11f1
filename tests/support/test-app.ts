import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AuthSession, UserProfileView } from '@globetrail/contracts';
import request from 'supertest';
import { createApp } from '../../services/src/app/create-app.js';
import { loadConfig } from '../../services/src/config/config.js';
import { SAMPLE_RENDERER_NAME, SAMPLE_RENDERER_VERSION } from '../../services/src/imagery/sample/sample-renderer.js';
import { copySeeded, seededCatalogue, sharedSamplePictures } from '../../scripts/seeded-catalogue.mjs';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  dataDir: string;
  /** Closes the app; keeps the data directory so a test can reopen it. */
  stop(): Promise<void>;
  /** Closes the app and deletes its data. */
  close(): Promise<void>;
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A fresh data directory holding what a first start leaves: the preset maps, seeded once for the whole run
 * (an app started on an empty directory seeds 328,511 locations itself: 6 to 20 s). Its offline sample
 * pictures are painted into a folder every test app shares (see sharedSamplePictures).
 */
export async function seededDataDir(prefix = 'globetrail-test-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  copySeeded(await seededCatalogue(repoRoot), dataDir);
  const rendered = join(dataDir, 'imagery', 'rendered');
  mkdirSync(rendered, { recursive: true });
  symlinkSync(sharedSamplePictures(repoRoot), join(rendered, `${SAMPLE_RENDERER_NAME}.${SAMPLE_RENDERER_VERSION}`), 'dir');
  return dataDir;
}

/** The real embedded app on a fresh data directory (real SQLite files), served on an ephemeral port. */
export async function startTestApp(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await seededDataDir());
  // Errors only (LOG_LEVEL below): a 500 in a test prints its stack, where its answer says only "something went wrong".
  const app = await createApp(testConfig(dataDir, options.env));
  await app.listen(0, '127.0.0.1');
  const stop = () => app.close();
  return {
    app,
    http: request(app.getHttpServer()),
    dataDir,
    stop,
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Offline pictures unless a test says otherwise: tests never depend on (or wait for) the real network.
 * The client served is client/dist, or the build CLIENT_DIST names (to test a build made elsewhere).
 */
function testConfig(dataDir: string, env: Record<string, string> = {}) {
  const clientDist = process.env.CLIENT_DIST ?? join(repoRoot, 'client', 'dist');
  // The Developer Tools check silences the console, where e2e tests look for page errors: on only where a test asks.
  // Every test client comes from 127.0.0.1: the abuse limits are 100 times looser unless a test about them asks.
  const limits = { RATE_LIMIT_SCALE: '100', MAX_CONNECTIONS_PER_ADDRESS: '100000' };
  return loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', IMAGERY_PROVIDER: 'offline', DEVTOOLS_CHECK: 'off', ...limits, ...env }, { clientDist, releaseId: 'test' });
}

export interface Player {
  session: AuthSession;
  token: string;
  profile: UserProfileView;
}

/** A visitor as the client makes one: an anonymous session, then POST /user/create. */
export async function anonymousPlayer(t: TestApp): Promise<Player> {
  const session = (await t.http.post('/auth/anonymous').expect(201)).body as AuthSession;
  const profile = (await t.http.post('/user/create').set('Authorization', session.idToken).expect(201)).body as UserProfileView;
  return { session, token: session.idToken, profile };
}

let signUps = 0;
/** A signed-up player with a profile. */
export async function signedUpPlayer(t: TestApp, name = `Player ${++signUps}`): Promise<Player> {
  const email = `player${signUps}-${Date.now()}@example.org`;
  const session = (await t.http.post('/auth/signup').send({ name, email, password: 'correct horse' }).expect(201)).body as AuthSession;
  const profile = (await t.http.post('/user/create').set('Authorization', session.idToken).expect(201)).body as UserProfileView;
  return { session, token: session.idToken, profile };
}
