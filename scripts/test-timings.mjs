#!/usr/bin/env node
// Each suite's wall time from a jest JSON report (`jest --json --outputFile=…`), slowest first, with each
// project's total, the run's own wall time and, beside it, npm test's steps (test-results/steps.json).
// `npm run test:timings` reads the report the last `npm test` wrote (test-results/jest.json);
// `node scripts/test-timings.mjs <report.json> [count]` reads any other.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PROJECTS = [
  ['e2e', 'tests/e2e/'],
  ['api', 'tests/api/'],
  ['deploy', 'tests/deploy/'],
  ['client', 'client/'],
  ['unit', ''],
];

/** A suite's path inside the repository, wherever the report was written (another clone, CI's). */
const inRepo = (path) => path.replace(/^.*?\/(?=(tests|services|contracts|client)\/)/, '');

export function suiteTimings(report) {
  return report.testResults
    .map((suite) => {
      const file = inRepo(suite.name);
      return {
        file,
        project: PROJECTS.find(([, prefix]) => file.startsWith(prefix))[0],
        seconds: (suite.endTime - suite.startTime) / 1000,
        tests: suite.assertionResults.length,
        failed: suite.assertionResults.filter((test) => test.status === 'failed').length,
      };
    })
    .sort((a, b) => b.seconds - a.seconds);
}

export function formatTimings(report, count = 20) {
  const suites = suiteTimings(report);
  const wall = (Math.max(...report.testResults.map((suite) => suite.endTime)) - report.startTime) / 1000;
  const totals = new Map();
  for (const suite of suites) totals.set(suite.project, (totals.get(suite.project) ?? 0) + suite.seconds);
  const lines = [
    `jest wall time ${wall.toFixed(0)} s; ${report.numTotalTestSuites} suites, ${report.numTotalTests} tests (${report.numFailedTests} failed, ${report.numPendingTests} skipped)`,
    `suite time by project (summed over workers): ${[...totals].map(([project, seconds]) => `${project} ${seconds.toFixed(0)} s`).join(', ')}`,
    '',
    '| suite | project | tests | seconds |',
    '| --- | --- | ---: | ---: |',
    ...suites.slice(0, count).map((suite) => `| ${suite.file} | ${suite.project} | ${suite.tests} | ${suite.seconds.toFixed(1)} |`),
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = 'test-results/jest.json', count = '20'] = process.argv.slice(2);
  const steps = join(dirname(file), 'steps.json');
  if (existsSync(steps)) {
    const times = JSON.parse(readFileSync(steps, 'utf8'));
    console.log(`npm test: ${Object.entries(times).map(([name, seconds]) => `${name} ${seconds} s`).join(', ')}`);
  }
  console.log(formatTimings(JSON.parse(readFileSync(file, 'utf8')), Number(count)));
}
