import { performance } from 'node:perf_hooks';
import type { Ack, GameChanged } from '@globetrail/contracts';
import { type Duel, duelSockets, guessKey, restartDuel, setUpDuel, startDuel } from './game-duels.js';
import { type PhaseCounts, type PhaseLatencies, type PhaseLog, type PhaseWindow, phaseLatencies, runPhase, type Sent } from './phase.js';
import { markerAt, meetingPoint, play, roundPlan } from './round-plan.js';

/**
 * The game side: N duels on the real app, each with two players and W spectators (one in the live bench)
 * on their own sockets.
 * A player's round starts when a push shows it STARTED; during a phase they move their marker and confirm
 * on their round plan, and the round ends when both have confirmed. Between phases nobody plays; a round
 * left unconfirmed is played again from the next phase's start. A duel that ends at the round cap is
 * restarted by its host.
 */
export class GameLoad {
  private phase: PhaseLog | null = null;
  private refusals = 0;
  private disconnected = 0;
  private closing = false;
  restarts = 0;
  restartFailures = 0;

  private constructor(
    private readonly duels: Duel[],
    private readonly watchers: number,
    private readonly first: number,
  ) {}

  /** Duels numbered from `first` (a bench's client processes each take their own range), `watchers` spectators each. */
  static async setUp(url: string, count: number, concurrency: number, progress: (done: number) => void, watchers = 1, first = 0): Promise<GameLoad> {
    const load = new GameLoad(new Array<Duel>(count), watchers, first);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const duel = await setUpDuel(url, first + index, watchers);
        load.duels[index] = duel;
        load.listen(duel);
        await startDuel(duel);
        progress(++done);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    await load.allDuels((duel) => duel.seats.every((seat) => seat.round !== null), 'every duel to start round 0', 60_000);
    return load;
  }

  get sockets(): number {
    return this.duels.length * (2 + this.watchers);
  }

  run(window: PhaseWindow): Promise<PhaseCounts & { log: Sent[] }> {
    return runPhase(window, {
      start: (phase) => {
        this.phase = phase;
        for (const duel of this.duels) for (const seat of [0, 1] as const) if (duel.seats[seat].round?.confirmed === false) this.play(duel, seat, phase);
      },
      stop: () => {
        this.phase = null;
        for (const duel of this.duels) {
          for (const seat of duel.seats) {
            seat.plan?.stop();
            seat.plan = null;
          }
        }
      },
      received: () => this.duels.reduce((sum, duel) => sum + duel.seats[0].receipts.pushes + duel.seats[1].receipts.pushes + duel.spectators.reduce((seen, spectator) => seen + spectator.receipts.pushes, 0), 0),
    });
  }

  /** A confirmed guess reaches a receiver with the first push that shows it confirmed. */
  latencies(log: readonly Sent[]): PhaseLatencies {
    return phaseLatencies(log, (sent, receiver) => {
      const duel = this.duel(sent.room);
      return receiver === 'opponent' ? [duel.seats[1 - sent.seat]!.receipts.at(sent.key)] : duel.spectators.map((spectator) => spectator.receipts.at(sent.key));
    });
  }

  /** Duels are numbered across client processes (their plans differ); this process holds `first` onwards. */
  private duel(room: number): Duel {
    return this.duels[room - this.first]!;
  }

  /** Sockets the server closed (a missed heartbeat under load, an error); none should be. */
  get dropped(): number {
    return this.disconnected;
  }

  /** Messages that arrived twice or out of version order at any socket (must be 0). */
  outOfOrder(): number {
    return this.receipts().reduce((sum, receipts) => sum + receipts.outOfOrder, 0);
  }

  /** Gaps a socket saw in its messages (each answered by a SyncGame; must be 0). */
  gaps(): number {
    return this.receipts().reduce((sum, receipts) => sum + receipts.gaps, 0);
  }

  /** Mean frame size of the messages that first showed a confirmed guess, at the opponents and spectators. */
  pushBytes(): number {
    const sizes = this.receipts().flatMap((receipts) => receipts.confirmedBytes);
    return sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
  }

  close(): void {
    this.closing = true;
    for (const duel of this.duels) for (const socket of duelSockets(duel)) socket.disconnect();
  }

  private receipts() {
    return this.duels.flatMap((duel) => [duel.seats[0].receipts, duel.seats[1].receipts, ...duel.spectators.map((spectator) => spectator.receipts)]);
  }

  private listen(duel: Duel): void {
    duel.seats.forEach((seat, index) => seat.socket.on('GameChanged', (push) => this.playerPush(duel, index as 0 | 1, push)));
    for (const spectator of duel.spectators) spectator.socket.on('GameChanged', (push) => void spectator.receipts.record(push, performance.now()));
    for (const socket of duelSockets(duel)) {
      socket.on('disconnect', (reason) => {
        if (this.closing) return;
        if (this.disconnected++ < 5) console.error(`  a game socket was disconnected: ${reason}`);
      });
    }
  }

  private playerPush(duel: Duel, index: 0 | 1, push: GameChanged): void {
    const seat = duel.seats[index];
    const view = seat.receipts.record(push, performance.now());
    if (!view) return;
    if (index === 0 && view.status === 'G_ED' && !duel.restarting) void this.restart(duel);
    const round = view.status === 'SED' ? view.rounds.find((candidate) => candidate.index === view.cr) : undefined;
    if (!round || seat.round?.startsAt === round.startsAt) return;
    seat.round = { index: round.index, startsAt: round.startsAt, nth: seat.roundsStarted++, confirmed: round.gus[seat.uid]?.isF === true };
    if (this.phase && !seat.round.confirmed) this.play(duel, index, this.phase);
  }

  private play(duel: Duel, index: 0 | 1, phase: PhaseLog): void {
    const seat = duel.seats[index];
    const round = seat.round!;
    seat.plan?.stop();
    seat.plan = play(
      roundPlan(phase.style, phase.seed, duel.index, index, round.nth),
      () => {
        if (round.confirmed) return;
        const loc = markerAt(seat.markers++, index);
        phase.send(duel.index, index, false, '', (answered) =>
          seat.socket.emit('PlaceGuess', { gameId: duel.gameId, roundIndex: round.index, loc, final: false }, (ack) => answered(this.ok(ack))),
        );
      },
      () => {
        round.confirmed = true;
        const loc = meetingPoint(round.index);
        phase.send(duel.index, index, true, guessKey(round, seat.uid), (answered) =>
          seat.socket.emit('PlaceGuess', { gameId: duel.gameId, roundIndex: round.index, loc, final: true }, (ack) => answered(this.ok(ack))),
        );
      },
    );
  }

  private ok(ack: Ack<null>): boolean {
    if (!ack.ok && this.refusals++ < 5) console.error(`  a guess was refused: ${ack.error.code}: ${ack.error.message}`);
    return ack.ok;
  }

  private async restart(duel: Duel): Promise<void> {
    duel.restarting = true;
    try {
      await restartDuel(duel);
      this.restarts += 1;
    } catch (error) {
      if (this.restartFailures++ < 5) console.error(`  a duel at the round cap could not be restarted: ${(error as Error).message}`);
    } finally {
      duel.restarting = false;
    }
  }

  private async allDuels(condition: (duel: Duel) => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.duels.every(condition)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${this.duels.filter((duel) => !condition(duel)).length} of ${this.duels.length} not there`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
