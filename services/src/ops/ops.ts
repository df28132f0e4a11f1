import { availableParallelism } from 'node:os';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from '../config/config.js';
import { existsSync } from 'node:fs';
import { eventsFileIn, openEventStore, openReadStore } from '../app/stores.js';
import { allProjections } from '../projections/all-projections.js';
import { exportLog, importLog } from './event-log-file.js';
import { formatStatus, projectionStatus } from './projection-status.js';
import { formatReport, verifyReadModels } from './verify.js';
import { formatProgress } from './rebuild.js';
import { formatAudit, loadMatchAudit } from './audit.js';
import { formatReports } from './reports.js';
import { operatorReports } from '../projections/operator-reports/operator-reports.queries.js';
import { MIN_THREAD_MEMORY_MB, rebuildInParallel, threadMemory } from './rebuild-on-thread.js';
import type { Projection } from '../projections/projection.js';

/** How many players and client failures `reports` lists. */
const REPORTS_SHOWN = 50;

const HELP = `npm run ops -- <command> [options]

Works on the stores the configuration names: DATA_DIR's SQLite files by default, or EVENTSTORE_URL and
MONGO_URL (see README, Configuration). "projections" and "export" work while the game runs; import into
a stopped game's store, or an empty one.

Commands:
  projections              each read model's checkpoint, lag behind the event store and document count
  export <file>            the event log as JSON lines, with <file>.sha256 when complete
         --resume          carry on an export that stopped, after the last whole line in <file>
  import <file>            append an export's events to this store (checksum verified first; safe to re-run)
  rebuild <name|all>       blue/green: project the read model (or every one) from the first event into a new
                           generation while the current one keeps serving reads and its projector keeps it
                           current, switch readers over once it has caught up, then drop the old generation;
                           safe while the game runs (one rebuild at a time); Ctrl-C stops it, leaving
                           every read model on the generation it had
         --threads <n>     split the read models over n threads (default: the cores, at most 2)
         --memory <MB>     keep the rebuild's threads within about this much memory in all (each thread's
                           heap and the documents it keeps in memory; at least 400 per thread): for a
                           container with a memory limit, a little under it. Slower (fewer documents kept)
  audit <matchId>          check a ranked arena match from its events: the round plan against the hash its
                           first event committed to, every round's distances, points and damage, and the Elo
                           changes, recomputed; exits 1 when anything differs
  reports                  Developer Tools reports per player (SPEC §8) and the newest failures browsers
                           reported (POST /client-errors), as the read model holds them
  verify                   rebuild every read model into a scratch store and compare it with the live one;
                           prints the differences, exits 1 when there is any (run on a stopped or caught-up game)
  --help                   this text
`;

/**
 * `status` shows a line that the next replaces (a terminal's progress bar); without it, progress is
 * printed as lines every few seconds.
 */
export async function runOps(argv: readonly string[], env: Record<string, string | undefined>, print: (text: string) => void, status?: (text: string) => void): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { help: { type: 'boolean' }, resume: { type: 'boolean' }, threads: { type: 'string' }, memory: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${HELP}`);
  }
  const { values, positionals } = parsed;
  const [command, argument] = positionals;
  if (values.help || !command) {
    print(HELP);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig(env, { clientDist: '', releaseId: 'ops' });
  // Reading an event store that is not there would make an empty one; an import may start one.
  if (command !== 'import' && config.stores.eventStore.kind === 'sqlite' && !existsSync(eventsFileIn(config))) {
    throw new UsageError(`no event store at ${eventsFileIn(config)}: set DATA_DIR to the game's data directory, or EVENTSTORE_URL`);
  }
  if (command === 'rebuild') return rebuild(argument, values.threads, values.memory, config, print, status);
  const events = await openEventStore(config);
  const reads = await openReadStore(config);
  try {
    switch (command) {
      case 'projections':
        print(formatStatus(await projectionStatus(events, reads, allProjections)));
        return 0;
      case 'export': {
        if (!argument) throw new UsageError('export needs a file: npm run ops -- export <file>');
        const summary = await exportLog(events, argument, { resume: values.resume ?? false, onProgress: (count) => print(`exported ${count.toLocaleString('en')} events…`) });
        print(`${summary.events.toLocaleString('en')} events in ${summary.file} (last position ${summary.lastPosition ?? 'none'}); SHA-256 ${summary.sha256} in ${summary.file}.sha256`);
        return 0;
      }
      case 'import': {
        if (!argument) throw new UsageError('import needs a file: npm run ops -- import <file>');
        const summary = await importLog(events, argument, { onProgress: (count) => print(`imported ${count.toLocaleString('en')} events…`) });
        print(`${summary.events.toLocaleString('en')} events imported in ${summary.appends.toLocaleString('en')} appends; the read models catch up when the projector runs`);
        return 0;
      }
      case 'audit': {
        if (!argument) throw new UsageError('audit needs a match id: npm run ops -- audit <matchId>');
        const loaded = await loadMatchAudit(events, argument);
        if (!loaded) throw new UsageError(`no ranked arena match ${argument}`);
        print(formatAudit(loaded));
        return loaded.audit.verdict === 'tampered' ? 1 : 0;
      }
      case 'reports':
        print(formatReports(await operatorReports(reads, REPORTS_SHOWN)));
        return 0;
      case 'verify': {
        const report = await verifyReadModels(events, reads, allProjections);
        print(formatReport(report));
        return report.differences.length === 0 ? 0 : 1;
      }
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
    }
  } finally {
    await events.close();
    await reads.close();
  }
}

/**
 * `rebuild`: the costliest group of read models on this thread (which has nothing else to do meanwhile),
 * the others on threads of their own, each group with its own connections; with `--memory`, every group on
 * a thread of its own (only those can be bounded).
 */
async function rebuild(argument: string | undefined, threadsOption: string | undefined, memoryOption: string | undefined, config: AppConfig, print: (text: string) => void, status?: (text: string) => void): Promise<number> {
  const chosen = chooseProjections(argument);
  const threads = Number(threadsOption ?? String(Math.min(2, availableParallelism())));
  if (!Number.isInteger(threads) || threads < 1 || threads > 16) throw new UsageError(`--threads must be a whole number from 1 to 16, not "${threadsOption}"`);
  const memoryMb = memoryOption === undefined ? null : Number(memoryOption);
  // A thread per group of read models, never more threads than read models.
  const used = Math.min(threads, chosen.length);
  const least = MIN_THREAD_MEMORY_MB * used;
  if (memoryMb !== null && (!Number.isInteger(memoryMb) || memoryMb < least || memoryMb > 1_048_576)) {
    throw new UsageError(`--memory must be a whole number of megabytes from ${least} (${MIN_THREAD_MEMORY_MB} a thread) to 1048576, not "${memoryOption}"`);
  }
  const memory = memoryMb === null ? undefined : threadMemory(memoryMb, used);
  let printedAt = 0;
  const running = rebuildInParallel({ stores: { dataDir: config.dataDir, stores: config.stores }, names: chosen.map((projection) => projection.name), ...(memory ? { memory } : {}) }, (progress) => {
    if (status) return status(formatProgress(progress));
    if (progress.elapsedSeconds - printedAt < 5 && progress.building.length > 0) return;
    printedAt = progress.elapsedSeconds;
    print(formatProgress(progress));
  }, { threads, onThisThread: true });
  const stop = () => running.abort('stopped by the operator (the read models keep serving the generation they had)');
  process.once('SIGINT', stop);
  const results = await running.done.finally(() => process.off('SIGINT', stop));
  status?.('');
  for (const result of results) {
    print(`${result.name}: generation ${result.generation} serves reads since position ${result.position ?? 'none'} (${result.documents.toLocaleString('en')} documents); generation ${result.replaced} dropped`);
  }
  return 0;
}

function chooseProjections(name: string | undefined): readonly Projection[] {
  const names = allProjections.map((projection) => projection.name).join(', ');
  if (!name) throw new UsageError(`rebuild needs a read model or "all": one of ${names}`);
  if (name === 'all') return allProjections;
  const found = allProjections.find((projection) => projection.name === name);
  if (!found) throw new UsageError(`no read model named "${name}": one of ${names}, or all`);
  return [found];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}
