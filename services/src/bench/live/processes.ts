import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A server the bench started in its own process, so its RSS and CPU are its own and it has its own event loop. */
export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  /** Resident set size from /proc/<pid>/status (VmRSS), in MiB. */
  rssMiB(): number;
  /** User + system CPU time the process has used so far, in seconds. */
  cpuSeconds(): number;
  /** The main thread's (its event loop's) share of that. */
  mainThreadCpuSeconds(): number;
  /** Sends a message over IPC (servers started with `ipc`) and resolves with the first answer of type `answer`. */
  request(message: { type: string } & Record<string, unknown>, answer: string): Promise<unknown>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts `node [nodeArgs] script` and resolves once a stdout line matches `ready`. The child's stderr is
 * passed on with its name in front: a warning from the server under load is part of the result.
 */
export async function startServer(options: {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
  ready: RegExp;
  nodeArgs?: string[];
  ipc?: boolean;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  prefixLines(child.stderr!, (line) => console.error(`  [${options.name}] ${line}`));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${options.name} did not start within 60 s`)), 60_000);
    prefixLines(child.stdout!, (line) => {
      if (!options.ready.test(line)) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited with code ${code} before it was ready`));
    });
  });
  return serverProcess(options.name, child, `http://127.0.0.1:${options.port}`, exited);
}

function serverProcess(name: string, child: ChildProcess, url: string, exited: Promise<number | null>): ServerProcess {
  const pid = child.pid!;
  let stopped = false;
  return {
    name,
    pid,
    url,
    rssMiB: () => readRssMiB(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    mainThreadCpuSeconds: () => readCpuSeconds(pid, pid),
    request(message, answer) {
      return new Promise((resolve, reject) => {
        if (!child.send) return reject(new Error(`${name} was started without IPC`));
        const onMessage = (reply: { type?: string }) => {
          if (reply.type !== answer) return;
          child.off('message', onMessage);
          resolve(reply);
        };
        child.on('message', onMessage);
        child.send(message);
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function prefixLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
}

export function readRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kib / 1024;
}

/** utime + stime (fields 14 and 15 of /proc/<pid>/stat), in clock ticks of 1/100 s on Linux. */
export function readCpuSeconds(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
