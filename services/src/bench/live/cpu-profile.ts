/**
 * Preloaded into the gateway's process (`--import`) when the live bench profiles it: the bench starts and
 * stops the V8 CPU profiler over IPC around the game phases, so setup and idle time stay out of the
 * profile (`node --cpu-prof` would only write it at a clean exit, which a signalled Nest app never has).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();

const post = (method: string, params: object = {}) =>
  new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

process.on('message', (message: { type?: string; file?: string }) => {
  if (message.type === 'profile:start') {
    void post('Profiler.enable')
      .then(() => post('Profiler.setSamplingInterval', { interval: 200 }))
      .then(() => post('Profiler.start'))
      .then(() => process.send?.({ type: 'profile:started' }));
  }
  if (message.type === 'profile:stop' && message.file) {
    const file = message.file;
    void post('Profiler.stop').then((result) => {
      writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
      process.send?.({ type: 'profile:written', file });
    });
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
