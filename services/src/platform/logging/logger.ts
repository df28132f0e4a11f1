/**
 * A named logger for the code that also runs where Nest is not loaded: the rebuild's threads and the
 * embedded projections' thread. Importing @nestjs/common there only for its `Logger` was a third of such a
 * thread's start (185 of its 404 modules, rxjs with them). Where the app runs, `logThroughNest` (called by
 * create-app.ts) sends every message through Nest's `Logger`, so the app's format (JSON or text) and levels
 * apply as before; elsewhere messages go to the console as `printLogsAs` says: the app gives its threads its
 * own LOG_FORMAT and LOG_LEVEL (their workerData), and a JSON line has the fields of Nest's JSON logger.
 */
export interface NamedLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Nest's levels, most severe first: a LOG_LEVEL prints its own and those before it. */
export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How messages not sent through Nest are printed (config LOG_FORMAT and LOG_LEVEL). */
export interface ConsoleLogging {
  format: 'text' | 'json';
  level: LogLevel;
}

/** Text at every level this logger writes, until told otherwise (the ops CLI, the benches). */
let printing: ConsoleLogging = { format: 'text', level: 'log' };

/** From now on, messages printed to the console (not sent through Nest) follow `settings`. */
export function printLogsAs(settings: ConsoleLogging): void {
  printing = settings;
}

/** What printLogsAs last set: for a thread to print as the thread that starts it. */
export function consoleLogging(): ConsoleLogging {
  return printing;
}

let nest: ((context: string) => NamedLogger) | null = null;

/** From now on, every Logger (made before or after) writes through Nest's logger made by `make`. */
export function logThroughNest(make: (context: string) => NamedLogger): void {
  nest = make;
}

export class Logger implements NamedLogger {
  private through: NamedLogger | null = null;

  constructor(private readonly context: string) {}

  log(message: string): void {
    this.write('log', message);
  }

  warn(message: string): void {
    this.write('warn', message);
  }

  error(message: string): void {
    this.write('error', message);
  }

  private write(level: keyof NamedLogger, message: string): void {
    const target = this.target();
    if (target) return target[level](message);
    if (LOG_LEVELS.indexOf(level) > LOG_LEVELS.indexOf(printing.level)) return;
    if (printing.format === 'text') return console[level](`${new Date().toISOString()} ${level.toUpperCase()} [${this.context}] ${message}`);
    // As Nest's ConsoleLogger({ json: true }) prints: errors to stderr, the rest to stdout.
    const line = JSON.stringify({ level, pid: process.pid, timestamp: Date.now(), message, context: this.context });
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  }

  private target(): NamedLogger | null {
    if (nest === null) return null;
    return (this.through ??= nest(this.context));
  }
}
