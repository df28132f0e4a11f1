import { answerRequests } from '../workers/answer-requests.js';
import { type AppendRequest, EventWriter, type GroupOutcome } from './event-writer.js';

/** What SqliteEventStore sends its writer thread: a group to commit, or the end of its file. */
export type WriterRequest = { file: string; appends: AppendRequest[] } | { file: string; close: true };

// Entry of an event store's writer thread (see SqliteEventStore): one EventWriter, opened on the first
// request for its file, so a thread that crashed and was replaced opens the file again.
let writer: { file: string; writer: EventWriter } | null = null;

answerRequests<WriterRequest, GroupOutcome | null>(async (request) => {
  if ('close' in request) {
    writer?.writer.close();
    writer = null;
    return { value: null, transfer: [] };
  }
  if (writer?.file !== request.file) {
    writer?.writer.close();
    writer = { file: request.file, writer: new EventWriter(request.file) };
  }
  return { value: writer.writer.write(request.appends), transfer: [] };
});
