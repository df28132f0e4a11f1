import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './worker-pool.js';

/** A worker's answer, with the buffers to move to the caller instead of copying them. */
export interface Answer<Response> {
  value: Response;
  transfer: ArrayBuffer[];
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Serves a `WorkerPool`'s requests from inside a worker thread, one at a time as the pool sends them. */
export function answerRequests<Request, Response>(handle: (request: Request) => Promise<Answer<Response>>): void {
  const port = parentPort;
  if (!port) throw new Error('answerRequests runs inside a worker thread');
  port.on('message', async ({ id, request }: WorkerRequest<Request>) => {
    let reply: WorkerReply<Response>;
    let transfer: ArrayBuffer[] = [];
    try {
      const answer = await handle(request);
      reply = { id, ok: true, value: answer.value };
      transfer = answer.transfer;
    } catch (thrown) {
      const { name, message, stack } = asError(thrown);
      reply = { id, ok: false, error: { name, message, stack } };
    }
    port.postMessage(reply, transfer);
  });
}
