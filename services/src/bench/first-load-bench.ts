/// <reference lib="dom" />
/**
 * The welcome screen's first load in real Chromium (/usr/bin/chromium or CHROMIUM_PATH): the built app on
 * 127.0.0.1, a fresh browser context (empty cache) per load, measured until the Play button is enabled and
 * the network is quiet, before any interaction. Each load is made twice, alternately: as browsers make it
 * (brotli or gzip accepted) and with compression disabled (the request accepts only `identity`), the
 * baseline. Both on the bare loopback and through an emulated 10 Mbit/s line with 40 ms round trips.
 * Prints the JavaScript bodies' bytes on the wire, all bytes (headers included), and the time to usable (median and worst), then the
 * ratios. Run: `npm run bench:first-load` (BENCH_RUNS=<loads per mode and network>, default 5;
 * CLIENT_DIST=<another build>).
 */
import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { createApp } from '../app/create-app.js';
import { loadConfig } from '../config/config.js';
import { median } from './live/stats.js';

const JS_TARGET_BYTES = 150 * 1024;
const USABLE_TARGET_MS = 1_500;
const LOAD_TIMEOUT_MS = 30_000;
const BENCH_DEADLINE_MS = 10 * 60_000;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

interface Network {
  name: string;
  /** Chromium's network emulation (Network.emulateNetworkConditions); null leaves the loopback as it is. */
  conditions: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const NETWORKS: Network[] = [
  { name: 'loopback', conditions: null },
  { name: '10 Mbit/s, 40 ms', conditions: { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 5_000_000 / 8 } },
];

const MODES = [
  { name: 'compressed', acceptEncoding: null },
  { name: 'uncompressed', acceptEncoding: 'identity' },
] as const;

type ModeName = (typeof MODES)[number]['name'];

interface Load {
  jsBytes: number;
  totalBytes: number;
  usableMs: number;
}

function runsPerMode(): number {
  const raw = process.env.BENCH_RUNS ?? '5';
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > 50) throw new Error(`BENCH_RUNS must be a whole number from 1 to 50, got "${raw}"`);
  return n;
}

/** One load in a fresh context: bytes from Chromium's network log, time to usable from the page's own clock. */
async function loadOnce(browser: Browser, url: string, network: Network, acceptEncoding: string | null): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // The page's clock starts at navigation: the moment Play can be pressed, seen as soon as the DOM shows it.
    await context.addInitScript(() => {
      const seen = () => {
        if (document.querySelector('.welcome__play:enabled') === null) return false;
        (window as unknown as { usableAt: number }).usableAt = performance.now();
        return true;
      };
      new MutationObserver((_, observer) => {
        if (seen()) observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Header bytes are what has arrived when a response starts; the rest of its bytes are its body.
    const scriptHeaderBytes = new Map<string, number>();
    let jsBytes = 0;
    let totalBytes = 0;
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scriptHeaderBytes.set(requestId, response.encodedDataLength);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      totalBytes += encodedDataLength;
      const headerBytes = scriptHeaderBytes.get(requestId);
      if (headerBytes !== undefined) jsBytes += encodedDataLength - headerBytes;
    });
    await cdp.send('Network.enable');
    if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
    if (network.conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
    await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
    await page.locator('.welcome__play:enabled').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
    const usableMs = await page.evaluate(() => (window as unknown as { usableAt: number }).usableAt);
    return { jsBytes, totalBytes, usableMs };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const msText = (value: number) => `${Math.round(value)} ms`;

function summary(loads: Load[]) {
  return {
    js: median(loads.map((load) => load.jsBytes)),
    total: median(loads.map((load) => load.totalBytes)),
    usable: median(loads.map((load) => load.usableMs)),
    worst: Math.max(...loads.map((load) => load.usableMs)),
  };
}

async function main(): Promise<void> {
  const runs = runsPerMode();
  const clientDist = resolve(process.env.CLIENT_DIST ?? join(repoRoot, 'client', 'dist'));
  if (!existsSync(join(clientDist, 'index.html'))) throw new Error(`no client build in ${clientDist}: run "npm run build -w client" (or set CLIENT_DIST)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'globetrail-first-load-'));
  let browser: Browser | undefined;
  const started = performance.now();
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', IMAGERY_PROVIDER: 'offline', DEVTOOLS_CHECK: 'off' }, { clientDist, releaseId: 'bench' }), { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    console.log(`app up in ${((performance.now() - started) / 1000).toFixed(1)} s (first start seeds the preset maps); client ${clientDist}`);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
    // A first load warms the server and the disk cache; it is not counted.
    await loadOnce(browser, url, NETWORKS[0]!, null);

    console.log(`\nWelcome screen, first load before any interaction: ${runs} loads per mode and network, fresh cache each\n`);
    console.log('| network | mode | JS on the wire | all bytes, headers included | usable, median | usable, worst |');
    console.log('|---|---|---|---|---|---|');
    const results = new Map<string, ReturnType<typeof summary>>();
    for (const network of NETWORKS) {
      const loads: Record<ModeName, Load[]> = { compressed: [], uncompressed: [] };
      for (let i = 0; i < runs; i += 1) {
        // Alternate which mode goes first, so machine noise falls on both.
        const order = i % 2 === 0 ? MODES : [...MODES].reverse();
        for (const mode of order) loads[mode.name].push(await loadOnce(browser, url, network, mode.acceptEncoding));
      }
      for (const mode of MODES) {
        const s = summary(loads[mode.name]);
        results.set(`${network.name}/${mode.name}`, s);
        console.log(`| ${network.name} | ${mode.name} | ${kb(s.js)} | ${kb(s.total)} | ${msText(s.usable)} | ${msText(s.worst)} |`);
      }
    }

    console.log('\nRatios, compressed / uncompressed (medians):');
    for (const network of NETWORKS) {
      const c = results.get(`${network.name}/compressed`)!;
      const u = results.get(`${network.name}/uncompressed`)!;
      console.log(`  ${network.name}: JS ${(c.js / u.js).toFixed(2)}, all bytes ${(c.total / u.total).toFixed(2)}, time to usable ${(c.usable / u.usable).toFixed(2)}`);
    }
    const loopback = results.get('loopback/compressed')!;
    const jsPass = loopback.js <= JS_TARGET_BYTES;
    const usablePass = loopback.usable <= USABLE_TARGET_MS;
    console.log(`\nTargets (loopback, compressed): JS ≤ ${kb(JS_TARGET_BYTES)}: ${kb(loopback.js)} ${jsPass ? 'PASS' : 'FAIL'}; usable ≤ ${msText(USABLE_TARGET_MS)} (median): ${msText(loopback.usable)} ${usablePass ? 'PASS' : 'FAIL'} (worst ${msText(loopback.worst)})`);
  } finally {
    await browser?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Bounded: a load that hangs cannot keep the bench (or Chromium) running.
setTimeout(() => {
  console.error(`first-load bench: gave up after ${BENCH_DEADLINE_MS / 60_000} minutes`);
  process.exit(1);
}, BENCH_DEADLINE_MS).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
