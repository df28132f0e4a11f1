/**
 * A named logger for the code that also runs where Nest is not loaded: the rebuild's threads and the
 * embedded projections' thread. Importing @nestjs/common there only for its `Logger` was a third of such a
 * thread's start (185 of its 404 modules, rxjs with them). Where the app runs, `logThroughNest` (called by
 * create-app.ts) sends every message through Nest's `Logger`, so the app's format (JSON or text) and levels
 * apply as before; elsewhere messages go to the console, as Nest's default logger would print them.
 */
export interface NamedLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
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
    if (target) target[level](message);
    else console[level](`${new Date().toISOString()} ${level.toUpperCase()} [${this.context}] ${message}`);
  }

  private target(): NamedLogger | null {
    if (nest === null) return null;
    return (this.through ??= nest(this.context));
  }
}
