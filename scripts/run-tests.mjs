#!/usr/bin/env node
// `npm test`: build, type-check, then one jest run over every project, each step timed. Jest writes its
// JSON report to test-results/jest.json (`npm run test:timings` reads it) and the steps' times go to
// test-results/steps.json; extra arguments go to jest (`npm test -- tests/api/solo.api.test.ts`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  ['build', npm, ['run', 'build', '--silent']],
  ['type-check', npm, ['run', 'typecheck', '--silent']],
  ['jest', process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--json', '--outputFile=test-results/jest.json', ...process.argv.slice(2)]],
];

mkdirSync('test-results', { recursive: true });
const times = {};
let status = 0;
for (const [name, command, args] of steps) {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  times[name] = Math.round((performance.now() - started) / 1000);
  status = run.status ?? 1;
  if (status !== 0) {
    console.error(`npm test: ${name} failed (exit ${run.status ?? run.signal})`);
    break;
  }
}
const total = Object.values(times).reduce((sum, seconds) => sum + seconds, 0);
writeFileSync('test-results/steps.json', `${JSON.stringify({ ...times, total }, null, 2)}\n`);
console.error(`npm test: ${Object.entries(times).map(([name, seconds]) => `${name} ${seconds} s`).join(', ')}; ${total} s in all`);
process.exit(status);
