import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { copySeeded, seededCatalogue } from '../../scripts/seeded-catalogue.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');

describe('the compiled server with LOG_FORMAT=json', () => {
  it('writes one JSON object per line, its own start message included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'globetrail-json-logs-'));
    copySeeded(await seededCatalogue(repoRoot), dataDir);
    const server = spawn(process.execPath, [join(repoRoot, 'services', 'dist', 'main.js')], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'log', IMAGERY_PROVIDER: 'offline' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines: string[] = [];
      for await (const line of createInterface({ input: server.stdout })) {
        lines.push(line);
        if (line.includes('is running at')) break;
      }
      const entries = lines.map((line) => JSON.parse(line) as { level: string; message: string; context?: string; timestamp?: number });
      expect(entries.length).toBeGreaterThan(1);
      for (const entry of entries) expect(entry).toMatchObject({ level: expect.any(String), message: expect.anything() });
      expect(entries.at(-1)).toMatchObject({ level: 'log', context: 'main', message: expect.stringMatching(/^GlobeTrail is running at http:\/\/127\.0\.0\.1:\d+/) });
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
