import { performance } from 'node:perf_hooks';
import { percentile } from './live/stats.js';

/** Shared by the read benches: the port and the hand-written queries timed side by side. */
export interface Timings {
  port: number[];
  raw: number[];
}

export async function timed(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Times one operation of each side, alternating which goes first, so machine noise hits both. */
export async function alternate(i: number, port: () => unknown, hand: () => unknown, into: Timings): Promise<void> {
  if (i % 2 === 0) {
    into.port.push(await timed(port));
    into.raw.push(await timed(hand));
  } else {
    into.raw.push(await timed(hand));
    into.port.push(await timed(port));
  }
}

export const us = (ms: number) => `${Math.round(ms * 1000)} µs`;

/** Prints a markdown table row of p50/p99 for both sides and their p99 ratio; true when within `target`. */
export function printRow(name: string, { port, raw }: Timings, target: number): boolean {
  const [p, h] = [[...port].sort((a, b) => a - b), [...raw].sort((a, b) => a - b)];
  const ratio = percentile(p, 99) / percentile(h, 99);
  const pass = ratio <= target;
  console.log(`| ${name} | ${us(percentile(p, 50))} / ${us(percentile(p, 99))} | ${us(percentile(h, 50))} / ${us(percentile(h, 99))} | ${ratio.toFixed(2)} | ${pass ? 'PASS' : 'FAIL'} |`);
  return pass;
}
