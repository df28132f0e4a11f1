import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics`, prom-client): what an operator watches on the full
 * stack. Each process reports its own; Prometheus adds them up across replicas.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Events appended by commands, by stream category (game, user, challenge, map…). */
  readonly appendedEvents = new Counter({
    name: 'globetrail_appended_events_total',
    help: 'Events appended to the event store by commands, by stream category',
    labelNames: ['category'] as const,
    registers: [this.registry],
  });

  /** How long a command took: decide, append, and wait for the read models it reads back. */
  readonly commandSeconds = new Histogram({
    name: 'globetrail_command_seconds',
    help: 'Time to decide, append and see the read models of a command, by stream category',
    labelNames: ['category'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly sockets = new Gauge({
    name: 'globetrail_sockets',
    help: 'Socket.IO connections open on this process',
    registers: [this.registry],
  });

  /** From a game event's append to its push to the game's sockets by this gateway. */
  readonly pushSeconds = new Histogram({
    name: 'globetrail_push_latency_seconds',
    help: "Time from a game event's append to this gateway's push of the new view",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** Round pictures re-encoded (PictureVariants): ahead of a live round, or on a player's request. */
  readonly roundPicturesEncoded = new Counter({
    name: 'globetrail_round_pictures_encoded_total',
    help: "Round pictures re-encoded for their round: warmed during a live round's countdown, or requested by a player",
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** How far each read model is behind the event store, in positions, measured when scraped. */
  readonly projectionLag = new Gauge({
    name: 'globetrail_projection_lag_positions',
    help: "Event store head position minus the read model's checkpoint (SQLite: events; KurrentDB: bytes of log)",
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  /** Prometheus' text format: this app's metrics and the process's (CPU, memory, event loop, GC). */
  text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }
}

/**
 * The process's own figures, collected once per process: an app made twice in one process (tests) must
 * not start a second set of event-loop and GC observers.
 */
let processMetrics: Registry | null = null;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'globetrail_' });
  }
  return processMetrics;
}
