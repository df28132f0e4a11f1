#!/usr/bin/env node
// `npm test`: build, type-check and one jest run over every project, each step timed. Jest writes its
// JSON report to test-results/jest.json (`npm run test:timings` reads it) and the steps' times go to
// test-results/steps.json; extra arguments go to jest (`npm test -- tests/api/solo.api.test.ts`).
//
// The type-check runs beside the other two: tsc checks on one core (36–52 s here), and the build and jest
// need nothing from it. Jest starts once the build is done (the browser tests serve the built client). The
// run fails if any step fails; tsc's output is held and printed once it ends, after a line naming it, so
// its errors are not lost among jest's. `npm test` ends with every step's time and the overall time.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const jest = [process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--forceExit', '--json', '--outputFile=test-results/jest.json', ...process.argv.slice(2)]];

/** Runs a step; `held`: its output is kept and printed when it ends, instead of as it comes. */
function step(name, command, args, held = false) {
  const started = performance.now();
  return new Promise((resolve) => {
    const run = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (held) for (const stream of [run.stdout, run.stderr]) stream.on('data', (chunk) => output.push(chunk));
    run.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    run.on('close', (code, signal) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      const status = code ?? 1;
      if (held && output.length > 0) process.stderr.write(`npm test: ${name}'s output:\n${Buffer.concat(output).toString()}`);
      if (status !== 0) console.error(`npm test: ${name} failed (exit ${code ?? signal})`);
      resolve({ name, seconds, status });
    });
  });
}

mkdirSync('test-results', { recursive: true });
const started = performance.now();
const typeCheck = step('type-check', npm, ['run', 'typecheck', '--silent'], true);
const build = await step('build', npm, ['run', 'build', '--silent']);
const tested = build.status === 0 ? await step('jest', ...jest) : null;
const steps = [build, await typeCheck, ...(tested ? [tested] : [])];
const total = Math.round((performance.now() - started) / 1000);

const times = Object.fromEntries(steps.map(({ name, seconds }) => [name, seconds]));
writeFileSync('test-results/steps.json', `${JSON.stringify({ ...times, total }, null, 2)}\n`);
console.error(`npm test: ${steps.map(({ name, seconds }) => `${name} ${seconds} s`).join(', ')} (the type-check beside the build and jest); ${total} s in all`);
process.exit(Math.max(...steps.map(({ status }) => status)));
