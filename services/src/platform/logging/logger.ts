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
    const target = this.target();
    if (target) target.log(message);
    else console.log(this.line('LOG', message));
  }

  warn(message: string): void {
    const target = this.target();
    if (target) target.warn(message);
    else console.warn(this.line('WARN', message));
  }

  error(message: string): void {
    const target = this.target();
    if (target) target.error(message);
    else console.error(this.line('ERROR', message));
  }

  private target(): NamedLogger | null {
    if (nest === null) return null;
    return (this.through ??= nest(this.context));
  }

  private line(level: string, message: string): string {
    return `${new Date().toISOString()} ${level} [${this.context}] ${message}`;
  }
}
