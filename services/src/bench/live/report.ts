import { LIVE } from '@globetrail/contracts';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { AppendWindow } from './append-probe.js';
import type { PhaseLatencies, PhaseLoad } from './phase.js';
import { median, ms, type Summary, summarise } from './stats.js';

/** Issue 26's targets at 1,000 players: each printed with its figure and verdict. */
export const TARGETS = {
  /** Game p99 (the worse receiver) over the durable echo's; the stretch target is 1.5. */
  ratio: 3,
  stretchRatio: 1.5,
  /** Gateway CPU a command (all threads) over the durable echo server's. */
  cpuRatio: 1.5,
  /** The gateway's appends p99 over the durable echo's. */
  appendsRatio: 2,
  /** The gateway's event-loop delay p99, ms. */
  loopDelayMs: 10,
  /** A confirmed guess's frame on each receiver's socket, bytes. */
  guessBytes: 300,
} as const;

export interface RoundMeasure {
  /** The baseline: the echo that stores every message before it relays it. */
  durable: PhaseLatencies;
  durableLoad: PhaseLoad;
  /** The durable echo's appends in its phase, call → durable acknowledgement, and its commits (append-probe). */
  durableAppends: AppendWindow;
  /** Context: the echo that stores nothing. */
  bare: PhaseLatencies;
  bareLoad: PhaseLoad;
  game: PhaseLatencies;
  gameLoad: PhaseLoad;
  /** The gateway's appends in the game phase, call → durable acknowledgement, and its commits (append-probe). */
  gameAppends: AppendWindow;
}

export interface RunFacts {
  duels: number;
  sockets: number;
  pushBytes: number;
  outOfOrder: number;
  /** Gaps the clients saw in their messages (each answered by SyncGame). */
  gaps: number;
  dropped: number;
  /** Duels restarted at the round cap during the run, and restarts that failed. */
  restarts: number;
  restartFailures: number;
  rssMiB: { idle: number; afterSetup: number; peak: number; end: number };
  durability: string;
  durableEchoDurability: string;
  /** Events the durable echo stored over the run. */
  durableEchoEvents: number;
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
  `${label.padEnd(12)} guess → opponent ${ms(r.opponent.p50)} / ${ms(r.opponent.p99)}, spectator ${ms(r.spectator.p50)} / ${ms(r.spectator.p99)} (n=${r.opponent.count}); ` +
  `acks: move ${ms(r.moveAck.p50)} / ${ms(r.moveAck.p99)}, guess ${ms(r.guessAck.p50)} / ${ms(r.guessAck.p99)}`;

const loadLine = (load: PhaseLoad, serverName: string) =>
  `${Math.round(load.movesPerSecond)} moves/s, ${Math.round(load.guessesPerSecond)} guesses/s, ${Math.round(load.receivedPerSecond)} pushes/s received; ` +
  `${serverName} CPU ${(100 * load.serverCpu).toFixed(0)}% (${load.serverCpuPerCommandMs.toFixed(2)} ms a command, ${load.serverMainCpuPerCommandMs.toFixed(2)} on its main thread), ` +
  `bench clients CPU ${(100 * load.clientCpu).toFixed(0)}%, client loop delay p99 ${ms(load.clientLoopDelayP99Ms)}` +
  (load.machineCpuPressure === null ? '' : `, machine CPU pressure ${(100 * load.machineCpuPressure).toFixed(0)}%`);

const count = (latencies: PhaseLatencies) => ({
  lost: latencies.lost.opponent + latencies.lost.spectator,
  failed: latencies.refused + latencies.unanswered,
});

const commits = ({ samples, commits: count, loopDelayP99Ms }: AppendWindow) =>
  `n=${samples.length} in ${count} commits, ${(samples.length / Math.max(1, count)).toFixed(1)} a commit; the server's event-loop delay p99 ${ms(loopDelayP99Ms)}`;

/** Prints every round and the medians over rounds; true when the run passes. */
export function printReport(rounds: readonly RoundMeasure[], facts: RunFacts): boolean {
  const summaries = rounds.map((round) => ({
    durable: roles(round.durable),
    bare: roles(round.bare),
    game: roles(round.game),
    gameAppends: summarise(round.gameAppends.samples),
    durableAppends: summarise(round.durableAppends.samples),
    round,
  }));
  const indent = ' '.repeat(17);
  summaries.forEach(({ durable, bare, game, gameAppends, durableAppends, round }, i) => {
    console.log(`  round ${i + 1} (p50 / p99):`);
    console.log(`    ${line('durable echo', durable)}`);
    console.log(`${indent}${loadLine(round.durableLoad, 'durable echo server')}`);
    console.log(`${indent}its appends, call → durable acknowledgement: ${ms(durableAppends.p50)} / ${ms(durableAppends.p99)} (${commits(round.durableAppends)})`);
    console.log(`    ${line('bare echo', bare)}`);
    console.log(`${indent}${loadLine(round.bareLoad, 'bare echo server')}`);
    console.log(`    ${line('game', game)}`);
    console.log(`${indent}${loadLine(round.gameLoad, 'gateway')}`);
    console.log(`${indent}the gateway's appends, call → durable acknowledgement: ${ms(gameAppends.p50)} / ${ms(gameAppends.p99)} (${commits(round.gameAppends)})`);
  });

  const med = (pick: (summary: (typeof summaries)[number]) => number) => median(summaries.map(pick));
  const sides = (round: RoundMeasure) => [round.durable, round.bare, round.game];
  const lost = rounds.reduce((sum, round) => sum + sides(round).reduce((n, side) => n + count(side).lost, 0), 0);
  const failed = rounds.reduce((sum, round) => sum + sides(round).reduce((n, side) => n + count(side).failed, 0), 0);
  const [durableP99, bareP99, gameP99] = [med((s) => s.durable.worstP99), med((s) => s.bare.worstP99), med((s) => s.game.worstP99)];
  const ratio = gameP99 / durableP99;
  const clean = lost === 0 && failed === 0 && facts.outOfOrder === 0 && facts.gaps === 0 && facts.dropped === 0 && facts.restartFailures === 0;
  const { idle, afterSetup, peak, end } = facts.rssMiB;
  const byType = new Map<string, number>();
  for (const event of facts.events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);

  console.log('  medians over rounds:');
  console.log(`    N: ${facts.duels} duels (${facts.duels * 2} players), ${facts.sockets} game sockets (and as many on each echo)`);
  console.log(`    confirmed guess → opponent   p50 ${ms(med((s) => s.game.opponent.p50))}, p99 ${ms(med((s) => s.game.opponent.p99))}`);
  console.log(`    confirmed guess → spectator  p50 ${ms(med((s) => s.game.spectator.p50))}, p99 ${ms(med((s) => s.game.spectator.p99))}`);
  console.log(`    durable echo, worse receiver p50 ${ms(med((s) => s.durable.worstP50))}, p99 ${ms(durableP99)} (the baseline)`);
  console.log(`    bare echo, worse receiver    p50 ${ms(med((s) => s.bare.worstP50))}, p99 ${ms(bareP99)} (context: the transport alone, nothing stored)`);
  console.log(`    game acks, for information: marker move p50 ${ms(med((s) => s.game.moveAck.p50))}, p99 ${ms(med((s) => s.game.moveAck.p99))}; confirmed guess p50 ${ms(med((s) => s.game.guessAck.p50))}, p99 ${ms(med((s) => s.game.guessAck.p99))}`);
  console.log(
    `    appends, call → durable acknowledgement (queue, writer, fsync): gateway p50 ${ms(med((s) => s.gameAppends.p50))}, p99 ${ms(med((s) => s.gameAppends.p99))}; ` +
      `durable echo p50 ${ms(med((s) => s.durableAppends.p50))}, p99 ${ms(med((s) => s.durableAppends.p99))}`,
  );
  console.log(
    `    server event-loop delay p99: gateway ${ms(med((s) => s.round.gameAppends.loopDelayP99Ms))}, durable echo ${ms(med((s) => s.round.durableAppends.loopDelayP99Ms))}`,
  );
  console.log(
    `    CPU a command: gateway ${med((s) => s.round.gameLoad.serverCpuPerCommandMs).toFixed(2)} ms, durable echo server ${med((s) => s.round.durableLoad.serverCpuPerCommandMs).toFixed(2)} ms, ` +
      `bare echo server ${med((s) => s.round.bareLoad.serverCpuPerCommandMs).toFixed(2)} ms; ` +
      `on the main thread: gateway ${med((s) => s.round.gameLoad.serverMainCpuPerCommandMs).toFixed(2)} ms, durable echo ${med((s) => s.round.durableLoad.serverMainCpuPerCommandMs).toFixed(2)} ms`,
  );
  console.log(`    a confirmed guess reaches each receiver as a frame of ${Math.round(facts.pushBytes)} bytes on average (GameChanged), or the relayed message (~130 bytes)`);
  console.log(`    lost pushes: ${lost}, commands refused or unanswered: ${failed}, messages twice or out of version order: ${facts.outOfOrder}, gaps (resyncs): ${facts.gaps}, game sockets dropped: ${facts.dropped}`);
  console.log(`    duels restarted at the ${LIVE.duelRoundCap}-round cap: ${facts.restarts}${facts.restartFailures ? ` (${facts.restartFailures} restarts failed)` : ''}`);
  console.log(`    gateway RSS: ${idle.toFixed(0)} MiB idle, ${afterSetup.toFixed(0)} MiB with ${facts.sockets} sockets, peak ${peak.toFixed(0)} MiB under load, ${end.toFixed(0)} MiB at the end`);
  console.log(`    event store durability: game ${facts.durability}; durable echo ${facts.durableEchoDurability} (each append fsynced before it is acknowledged or relayed)`);
  console.log(`    this disk's fsynced commit of one event, measured alone before the load: p50 ${ms(facts.diskFloor.p50)}, p99 ${ms(facts.diskFloor.p99)} (a floor under the game's and the durable echo's latencies)`);
  console.log(`    events stored: game ${facts.events.length} (${[...byType].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${n}`).join(', ')}); durable echo ${facts.durableEchoEvents}`);
  console.log(`  bare echo, for context: game p99 / bare echo p99 = ${(gameP99 / bareP99).toFixed(2)} (no target)`);
  const [gameCpu, durableCpu] = [med((s) => s.round.gameLoad.serverCpuPerCommandMs), med((s) => s.round.durableLoad.serverCpuPerCommandMs)];
  const [gameAppendsP99, durableAppendsP99] = [med((s) => s.gameAppends.p99), med((s) => s.durableAppends.p99)];
  const loopDelay = med((s) => s.round.gameAppends.loopDelayP99Ms);
  const verdicts = [
    verdict('game p99 / durable echo p99 (worse of opponent and spectator)', ratio, TARGETS.ratio, `; stretch ≤ ${TARGETS.stretchRatio}: ${ratio <= TARGETS.stretchRatio ? 'met' : 'not met'}`),
    verdict('gateway CPU a command / durable echo server CPU a command (all threads)', gameCpu / durableCpu, TARGETS.cpuRatio),
    verdict("gateway's appends p99 / durable echo's appends p99", gameAppendsP99 / durableAppendsP99, TARGETS.appendsRatio),
    verdict("gateway's event-loop delay p99, ms", loopDelay, TARGETS.loopDelayMs),
    verdict("a confirmed guess's frame on each receiver's socket, bytes", facts.pushBytes, TARGETS.guessBytes),
  ];
  console.log(`  nothing lost, refused, twice, out of order, missed or dropped: ${clean ? 'PASS' : 'FAIL'}`);
  const pass = clean && verdicts.every(Boolean);
  return pass;
}

function verdict(what: string, figure: number, target: number, extra = ''): boolean {
  const pass = figure <= target;
  console.log(`  ${what}: ${figure.toFixed(2)} (target ≤ ${target}${extra}): ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}
