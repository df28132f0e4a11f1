import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.js';
import { answerRequests } from '../workers/answer-requests.js';
import { type AppendRequest, checkpointWal, EventWriter, type GroupOutcome } from './event-writer.js';

/**
 * What SqliteEventStore sends its threads: its writer thread gets groups to commit, its checkpointer thread
 * checkpoints; either gets `close` at the end of its file.
 */
export type WriterRequest = { file: string; appends: AppendRequest[] } | { file: string; checkpoint: true } | { file: string; close: true };

// Entry of an event store's writer thread and of its checkpointer thread (see SqliteEventStore): each opens
// its connection on the first request for its file, so a thread that crashed and was replaced opens it again.
let writer: { file: string; writer: EventWriter } | null = null;
let checkpointer: { file: string; db: SqliteDatabase } | null = null;

answerRequests<WriterRequest, GroupOutcome | null>(async (request) => {
  if ('close' in request) {
    writer?.writer.close();
    checkpointer?.db.close();
    writer = checkpointer = null;
    return { value: null, transfer: [] };
  }
  if ('checkpoint' in request) {
    if (checkpointer?.file !== request.file) {
      checkpointer?.db.close();
      checkpointer = { file: request.file, db: openDatabase(request.file) };
    }
    checkpointWal(checkpointer.db);
    return { value: null, transfer: [] };
  }
  if (writer?.file !== request.file) {
    writer?.writer.close();
    writer = { file: request.file, writer: new EventWriter(request.file, { checkpointsElsewhere: true }) };
  }
  return { value: writer.writer.write(request.appends), transfer: [] };
});
