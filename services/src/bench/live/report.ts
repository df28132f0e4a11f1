import { LIVE } from '@globetrail/contracts';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { PhaseLatencies, PhaseLoad } from './phase.js';
import { median, ms, type Summary, summarise } from './stats.js';

export const TARGET_RATIO = 2;

export interface RoundMeasure {
  echo: PhaseLatencies;
  echoLoad: PhaseLoad;
  game: PhaseLatencies;
  gameLoad: PhaseLoad;
  /** Every append the gateway made in the game phase, call → durable acknowledgement (append-probe). */
  gameAppends: readonly number[];
}

export interface RunFacts {
  duels: number;
  sockets: number;
  pushBytes: number;
  outOfOrder: number;
  dropped: number;
  /** Duels restarted at the round cap during the run, and restarts that failed. */
  restarts: number;
  restartFailures: number;
  rssMiB: { idle: number; afterSetup: number; peak: number; end: number };
  durability: string;
  /** One fsynced single-event commit on this disk, nothing else running (see measureDurableCommit). */
  diskFloor: Summary;
  events: readonly RecordedEvent[];
}

interface Roles {
  opponent: Summary;
  spectator: Summary;
  moveAck: Summary;
  guessAck: Summary;
  /** The verdict compares the worse receiver on each side. */
  worstP50: number;
  worstP99: number;
}

function roles(latencies: PhaseLatencies): Roles {
  const [opponent, spectator] = [summarise(latencies.opponent), summarise(latencies.spectator)];
  return { opponent, spectator, moveAck: summarise(latencies.moveAck), guessAck: summarise(latencies.guessAck), worstP50: Math.max(opponent.p50, spectator.p50), worstP99: Math.max(opponent.p99, spectator.p99) };
}

const line = (label: string, r: Roles) =>
  `${label.padEnd(6)} guess → opponent ${ms(r.opponent.p50)} / ${ms(r.opponent.p99)}, spectator ${ms(r.spectator.p50)} / ${ms(r.spectator.p99)} (n=${r.opponent.count}); ` +
  `acks: move ${ms(r.moveAck.p50)} / ${ms(r.moveAck.p99)}, guess ${ms(r.guessAck.p50)} / ${ms(r.guessAck.p99)}`;

const loadLine = (load: PhaseLoad, serverName: string) =>
  `${Math.round(load.movesPerSecond)} moves/s, ${Math.round(load.guessesPerSecond)} guesses/s, ${Math.round(load.receivedPerSecond)} pushes/s received; ` +
  `${serverName} CPU ${(100 * load.serverCpu).toFixed(0)}% (${load.serverCpuPerCommandMs.toFixed(2)} ms a command), ` +
  `bench clients CPU ${(100 * load.clientCpu).toFixed(0)}%, client loop delay p99 ${ms(load.clientLoopDelayP99Ms)}` +
  (load.machineCpuPressure === null ? '' : `, machine CPU pressure ${(100 * load.machineCpuPressure).toFixed(0)}%`);

const count = (latencies: PhaseLatencies) => ({
  lost: latencies.lost.opponent + latencies.lost.spectator,
  failed: latencies.refused + latencies.unanswered,
});

/** Prints every round and the medians over rounds; true when the run passes. */
export function printReport(rounds: readonly RoundMeasure[], facts: RunFacts): boolean {
  const summaries = rounds.map((round) => ({ echo: roles(round.echo), game: roles(round.game), appends: summarise(round.gameAppends), round }));
  summaries.forEach(({ echo, game, appends, round }, i) => {
    console.log(`  round ${i + 1} (p50 / p99):`);
    console.log(`    ${line('echo', echo)}`);
    console.log(`           ${loadLine(round.echoLoad, 'echo server')}`);
    console.log(`    ${line('game', game)}`);
    console.log(`           ${loadLine(round.gameLoad, 'gateway')}`);
    console.log(`           the gateway's appends, call → durable acknowledgement: ${ms(appends.p50)} / ${ms(appends.p99)} (n=${appends.count})`);
  });

  const med = (pick: (summary: (typeof summaries)[number]) => number) => median(summaries.map(pick));
  const lost = rounds.reduce((sum, round) => sum + count(round.echo).lost + count(round.game).lost, 0);
  const failed = rounds.reduce((sum, round) => sum + count(round.echo).failed + count(round.game).failed, 0);
  const [echoP99, gameP99] = [med((s) => s.echo.worstP99), med((s) => s.game.worstP99)];
  const ratio = gameP99 / echoP99;
  const pass = ratio <= TARGET_RATIO && lost === 0 && failed === 0 && facts.outOfOrder === 0 && facts.dropped === 0 && facts.restartFailures === 0;
  const { idle, afterSetup, peak, end } = facts.rssMiB;
  const byType = new Map<string, number>();
  for (const event of facts.events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);

  console.log('  medians over rounds:');
  console.log(`    N: ${facts.duels} duels, ${facts.sockets} game sockets (and as many echo sockets)`);
  console.log(`    confirmed guess → opponent   p50 ${ms(med((s) => s.game.opponent.p50))}, p99 ${ms(med((s) => s.game.opponent.p99))}`);
  console.log(`    confirmed guess → spectator  p50 ${ms(med((s) => s.game.spectator.p50))}, p99 ${ms(med((s) => s.game.spectator.p99))}`);
  console.log(`    echo, worse receiver         p50 ${ms(med((s) => s.echo.worstP50))}, p99 ${ms(echoP99)}`);
  console.log(`    game acks, for information: marker move p50 ${ms(med((s) => s.game.moveAck.p50))}, p99 ${ms(med((s) => s.game.moveAck.p99))}; confirmed guess p50 ${ms(med((s) => s.game.guessAck.p50))}, p99 ${ms(med((s) => s.game.guessAck.p99))}`);
  const appendP99 = med((s) => s.appends.p99);
  console.log(
    `    the gateway's appends alone, call → durable acknowledgement (queue, writer thread, fsync): p50 ${ms(med((s) => s.appends.p50))}, p99 ${ms(appendP99)} ` +
      `= ${(appendP99 / echoP99).toFixed(2)} × the echo's whole p99 (every confirmed guess waits for one before it is pushed)`,
  );
  console.log(`    CPU a command: gateway ${med((s) => s.round.gameLoad.serverCpuPerCommandMs).toFixed(2)} ms, echo server ${med((s) => s.round.echoLoad.serverCpuPerCommandMs).toFixed(2)} ms`);
  console.log(`    a confirmed guess reaches each receiver as: a game view of ${Math.round(facts.pushBytes)} bytes of JSON, or the relayed message (~130 bytes)`);
  console.log(`    lost pushes: ${lost}, commands refused or unanswered: ${failed}, pushes out of version order: ${facts.outOfOrder}, game sockets dropped: ${facts.dropped}`);
  console.log(`    duels restarted at the ${LIVE.duelRoundCap}-round cap: ${facts.restarts}${facts.restartFailures ? ` (${facts.restartFailures} restarts failed)` : ''}`);
  console.log(`    gateway RSS: ${idle.toFixed(0)} MiB idle, ${afterSetup.toFixed(0)} MiB with ${facts.sockets} sockets, peak ${peak.toFixed(0)} MiB under load, ${end.toFixed(0)} MiB at the end`);
  console.log(`    event store durability: ${facts.durability} (each append fsynced before it is acknowledged or pushed)`);
  console.log(`    this disk's fsynced commit of one event, measured alone before the load: p50 ${ms(facts.diskFloor.p50)}, p99 ${ms(facts.diskFloor.p99)} (a floor under every game latency that the echo does not pay)`);
  console.log(`    events stored: ${facts.events.length} (${[...byType].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${n}`).join(', ')})`);
  console.log(`  ratio game p99 / echo p99 (worse of opponent and spectator): ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${pass ? 'PASS' : 'FAIL'}`);
  if (ratio <= TARGET_RATIO && !pass) console.log('  (FAIL: pushes were lost or out of order, commands failed, sockets dropped or duels not restarted)');
  return pass;
}
