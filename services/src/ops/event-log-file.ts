import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { EventStore, EventToAppend, RecordedEvent } from '../platform/event-store/event-store.port.js';

/**
 * The event log as JSON lines (`npm run ops -- export` / `import`): one event per line, in position order,
 * with a `<file>.sha256` beside it written when the export completes (the SHA-256 of the file, the event
 * count and the last position). Exports resume (`--resume` carries on after the last line a file holds);
 * imports verify the checksum first and resume by themselves: every event keeps its id, so appending an
 * event the store already holds is recognised as a retry and stores nothing.
 *
 * An event's original creation time travels in its line and, once imported, in its metadata
 * (`importedCreatedAt`): the store stamps appends with its own clock.
 */
export const EXPORT_PAGE = 1_000;

const lineSchema = z.object({
  id: z.string().min(1),
  streamId: z.string().min(1),
  type: z.string().min(1),
  revision: z.string().regex(/^\d+$/),
  position: z.string().regex(/^\d+$/),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type LogLine = z.infer<typeof lineSchema>;

export function toLine(event: RecordedEvent): string {
  const line: LogLine = {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: event.revision.toString(),
    position: event.position.toString(),
    data: event.data,
    metadata: event.metadata,
    createdAt: event.createdAt.toISOString(),
  };
  return `${JSON.stringify(line)}\n`;
}

export function parseLine(text: string, lineNumber: number): LogLine {
  try {
    return lineSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(`line ${lineNumber}: not an exported event (${(error as Error).message.split('\n')[0]})`);
  }
}

export interface ExportSummary {
  file: string;
  events: number;
  lastPosition: bigint | null;
  sha256: string;
}

/** Writes (or, with `resume`, continues) the export of every event in the store. */
export async function exportLog(store: EventStore, file: string, options: { resume?: boolean; onProgress?: (events: number) => void } = {}): Promise<ExportSummary> {
  const hash = createHash('sha256');
  let events = 0;
  let lastPosition: bigint | null = null;
  if (options.resume && existsSync(file)) {
    // Carries on after the last whole line: a line cut short by a crash is dropped and written again.
    let good = 0;
    for await (const { line, text } of lines(file)) {
      let parsed: LogLine;
      try {
        parsed = parseLine(text, line);
      } catch (error) {
        if (good + Buffer.byteLength(text) + 1 < statSync(file).size) throw error;
        break;
      }
      lastPosition = BigInt(parsed.position);
      hash.update(`${text}\n`);
      good += Buffer.byteLength(text) + 1;
      events += 1;
    }
    truncateSync(file, good);
  }
  const out = createWriteStream(file, { flags: options.resume ? 'a' : 'w' });
  try {
    for await (const { line, position } of exportLines(store, lastPosition)) {
      hash.update(line);
      if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      lastPosition = position;
      events += 1;
      if (events % EXPORT_PAGE === 0) options.onProgress?.(events);
    }
    options.onProgress?.(events);
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  const sha256 = hash.digest('hex');
  writeFileSync(`${file}.sha256`, `${sha256}  ${file}\n${events} events, last position ${lastPosition ?? 'none'}\n`);
  return { file, events, lastPosition, sha256 };
}

/** Every event after `after` (null: from the first) as export lines, read page by page. */
export async function* exportLines(store: EventStore, after: bigint | null): AsyncGenerator<{ line: string; position: bigint }> {
  for (let from: bigint | 'start' = after === null ? 'start' : after + 1n; ; ) {
    const page = await store.readAll({ fromPosition: from, maxCount: EXPORT_PAGE });
    for (const event of page) yield { line: toLine(event), position: event.position };
    if (page.length < EXPORT_PAGE) return;
    from = page.at(-1)!.position + 1n;
  }
}

export interface ImportSummary {
  events: number;
  appends: number;
}

/**
 * Appends an export's events to the store, each stream in its order with its revisions checked, keeping
 * every event's id. Refuses a file whose checksum does not match its `.sha256`, naming the difference, or
 * that holds a line that is not an exported event, before appending anything.
 */
export async function importLog(store: EventStore, file: string, options: { onProgress?: (events: number) => void } = {}): Promise<ImportSummary> {
  await verifyChecksum(file);
  // Every line is checked before the first append, so a malformed export appends nothing.
  for await (const { line, text } of lines(file)) parseLine(text, line);
  let events = 0;
  let appends = 0;
  let run: LogLine[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const first = run[0]!;
    const expected = BigInt(first.revision) === 0n ? 'no_stream' : BigInt(first.revision) - 1n;
    const batch: EventToAppend[] = run.map((line) => ({ id: line.id, type: line.type, data: line.data, metadata: { ...line.metadata, importedCreatedAt: line.createdAt } }));
    await store.append(first.streamId, batch, expected);
    appends += 1;
    run = [];
  };
  for await (const { line, text } of lines(file)) {
    const event = parseLine(text, line);
    const last = run.at(-1);
    if (last && (last.streamId !== event.streamId || BigInt(last.revision) + 1n !== BigInt(event.revision) || run.length >= EXPORT_PAGE)) await flush();
    run.push(event);
    events += 1;
    if (events % EXPORT_PAGE === 0) options.onProgress?.(events);
  }
  await flush();
  options.onProgress?.(events);
  return { events, appends };
}

/** Checks an export against its `.sha256`; throws saying which differs. */
export async function verifyChecksum(file: string): Promise<string> {
  const sidecar = `${file}.sha256`;
  if (!existsSync(sidecar)) throw new Error(`${sidecar} is missing: the export did not complete (run it again with --resume)`);
  const expected = readFileSync(sidecar, 'utf8').split(/\s+/)[0]!;
  const hash: Hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const actual = hash.digest('hex');
  if (actual !== expected) throw new Error(`${file}: SHA-256 ${actual} differs from ${expected} in ${sidecar}: the file changed or is incomplete`);
  return actual;
}

async function* lines(file: string): AsyncGenerator<{ line: number; text: string }> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() !== '') yield { line, text };
  }
}
