import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { PhaseLatencies, PhaseLoad } from './phase.js';
import { median, ms, type Summary, summarise } from './stats.js';

export const TARGET_RATIO = 2;

export interface RoundMeasure {
  echo: PhaseLatencies;
  echoLoad: PhaseLoad;
  game: PhaseLatencies;
  gameLoad: PhaseLoad;
}

export interface RunFacts {
  duels: number;
  sockets: number;
  offeredMovesPerSecond: number;
  pushBytes: number;
  outOfOrder: number;
  dropped: number;
  rssMiB: { idle: number; afterSetup: number; peak: number; end: number };
  durability: string;
  events: readonly RecordedEvent[];
}

interface Roles {
  opponent: Summary;
  spectator: Summary;
  ack: Summary;
  /** The verdict compares the worse receiver on each side. */
  worstP50: number;
  worstP99: number;
}

function roles(latencies: PhaseLatencies): Roles {
  const [opponent, spectator, ack] = [summarise(latencies.opponent), summarise(latencies.spectator), summarise(latencies.ack)];
  return { opponent, spectator, ack, worstP50: Math.max(opponent.p50, spectator.p50), worstP99: Math.max(opponent.p99, spectator.p99) };
}

const line = (label: string, r: Roles) =>
  `${label.padEnd(6)} opponent ${ms(r.opponent.p50)} / ${ms(r.opponent.p99)}, spectator ${ms(r.spectator.p50)} / ${ms(r.spectator.p99)}, ack ${ms(r.ack.p50)} / ${ms(r.ack.p99)} (n=${r.opponent.count})`;

const loadLine = (load: PhaseLoad, serverName: string) =>
  `${Math.round(load.movesPerSecond)} moves/s; ${serverName} CPU ${(100 * load.serverCpu).toFixed(0)}% (${load.serverCpuPerMoveMs.toFixed(2)} ms a move), ` +
  `bench clients CPU ${(100 * load.clientCpu).toFixed(0)}%, client loop delay p99 ${ms(load.clientLoopDelayP99Ms)}` +
  (load.machineCpuPressure === null ? '' : `, machine CPU pressure ${(100 * load.machineCpuPressure).toFixed(0)}%`);

const count = (latencies: PhaseLatencies) => ({
  lost: latencies.lost.opponent + latencies.lost.spectator,
  failed: latencies.refused + latencies.unanswered,
});

/** Prints every round and the medians over rounds; true when the run passes. */
export function printReport(rounds: readonly RoundMeasure[], facts: RunFacts): boolean {
  const summaries = rounds.map((round) => ({ echo: roles(round.echo), game: roles(round.game), round }));
  summaries.forEach(({ echo, game, round }, i) => {
    console.log(`  round ${i + 1} (p50 / p99):`);
    console.log(`    ${line('echo', echo)}`);
    console.log(`           ${loadLine(round.echoLoad, 'echo server')}`);
    console.log(`    ${line('game', game)}`);
    console.log(`           ${loadLine(round.gameLoad, 'gateway')}`);
  });

  const med = (pick: (summary: (typeof summaries)[number]) => number) => median(summaries.map(pick));
  const lost = rounds.reduce((sum, round) => sum + count(round.echo).lost + count(round.game).lost, 0);
  const failed = rounds.reduce((sum, round) => sum + count(round.echo).failed + count(round.game).failed, 0);
  const [echoP99, gameP99] = [med((s) => s.echo.worstP99), med((s) => s.game.worstP99)];
  const ratio = gameP99 / echoP99;
  const pass = ratio <= TARGET_RATIO && lost === 0 && failed === 0 && facts.outOfOrder === 0 && facts.dropped === 0;
  const { idle, afterSetup, peak, end } = facts.rssMiB;
  const byType = new Map<string, number>();
  for (const event of facts.events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);

  console.log('  medians over rounds:');
  console.log(`    N: ${facts.duels} duels, ${facts.sockets} game sockets (and as many echo sockets), ${facts.offeredMovesPerSecond} moves/s offered`);
  console.log(`    game opponent   p50 ${ms(med((s) => s.game.opponent.p50))}, p99 ${ms(med((s) => s.game.opponent.p99))}`);
  console.log(`    game spectator  p50 ${ms(med((s) => s.game.spectator.p50))}, p99 ${ms(med((s) => s.game.spectator.p99))}`);
  console.log(`    game ack        p50 ${ms(med((s) => s.game.ack.p50))}, p99 ${ms(med((s) => s.game.ack.p99))}`);
  console.log(`    echo receivers  p50 ${ms(med((s) => s.echo.worstP50))}, p99 ${ms(echoP99)}`);
  console.log(`    CPU a move: gateway ${med((s) => s.round.gameLoad.serverCpuPerMoveMs).toFixed(2)} ms, echo server ${med((s) => s.round.echoLoad.serverCpuPerMoveMs).toFixed(2)} ms`);
  console.log(`    each receiver gets: a game view of ${Math.round(facts.pushBytes)} bytes of JSON, or the echoed move (~120 bytes)`);
  console.log(`    lost pushes: ${lost}, moves refused or unanswered: ${failed}, pushes out of version order: ${facts.outOfOrder}, game sockets dropped: ${facts.dropped}`);
  console.log(`    gateway RSS: ${idle.toFixed(0)} MiB idle, ${afterSetup.toFixed(0)} MiB with ${facts.sockets} sockets, peak ${peak.toFixed(0)} MiB under load, ${end.toFixed(0)} MiB at the end`);
  console.log(`    event store durability: ${facts.durability} (each append fsynced before it is acknowledged or pushed)`);
  console.log(`    events stored: ${facts.events.length} (${[...byType].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${n}`).join(', ')})`);
  console.log(`  ratio game p99 / echo p99 (worse of opponent and spectator): ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`);
  if (ratio <= TARGET_RATIO && !pass) console.log('  (FAIL: pushes were lost, moves failed or sockets dropped)');
  return pass;
}
