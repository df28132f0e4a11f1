import type { Ack, ClientToServerEvents, ServerToClientEvents } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';
import { ApiRequestError, clientErrorCodes } from '../api/api-error';
import { getIdToken, refreshSession } from '../session/session-service';
import { getSession, subscribeSession } from '../session/session-store';
import { announceLiveSocket } from './use-live-socket';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A command that gets no answer in this time is reported as a lost connection. */
export const COMMAND_TIMEOUT_MS = 10_000;
/** After the server refused the handshake (expired token), wait this long before trying again. */
const AUTH_RETRY_BASE_MS = 1_000;
const AUTH_RETRY_MAX_MS = 30_000;

let socket: LiveSocket | null = null;
let connectedUid: string | null = null;
let lastToken: string | null = null;
let authRetries = 0;
let authRetryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The page's one Socket.IO connection (same origin), shared by every feature. Each handshake presents a
 * fresh idToken; a new signed-in user reconnects under their own identity. Features listen with
 * `socket.on('connect')` to (re)join their rooms after any reconnection.
 */
export function getLiveSocket(): LiveSocket {
  if (socket) return socket;
  const created: LiveSocket = io({
    // A function, so every (re)connection presents a token that is valid now.
    auth: (send) => {
      getIdToken().then(
        (token) => {
          lastToken = token;
          connectedUid = getSession()?.user.uid ?? null;
          send({ token });
        },
        () => send({}),
      );
    },
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    // WebSocket first, long-polling only where WebSocket cannot connect (a proxy that blocks it): no
    // polling session to race the server when it closes a socket (a sign-in session that ended answered the
    // poll still in flight with 400 "Session ID unknown"), and one round trip less to connect.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  created.on('connect', () => {
    authRetries = 0;
  });
  created.on('disconnect', (reason) => {
    // The server closes a socket whose sign-in session ended (signed out in another tab, a new password, a
    // reset, a deleted account); Socket.IO does not reconnect after that by itself. Connect again with the
    // token this page holds now: a new password's session is let in, an ended one is refused and renewed.
    if (reason === 'io server disconnect') created.connect();
  });
  created.on('connect_error', (error) => {
    // A refused handshake is not retried by Socket.IO itself: renew the token and connect again.
    if (created.active) return;
    clearTimeout(authRetryTimer);
    const delay = Math.min(AUTH_RETRY_MAX_MS, AUTH_RETRY_BASE_MS * 2 ** authRetries);
    authRetries += 1;
    authRetryTimer = setTimeout(() => {
      const renew = /^unauthenticated/.test(error.message) && lastToken ? refreshSession(lastToken) : Promise.resolve(null);
      renew.catch(() => null).finally(() => created.connect());
    }, delay);
  });
  subscribeSession(() => {
    const uid = getSession()?.user.uid ?? null;
    // Another user now (sign-in, sign-out, deleted account): the server must know the new identity.
    if (uid && connectedUid && uid !== connectedUid && created.connected) {
      created.disconnect().connect();
    }
  });
  socket = created;
  announceLiveSocket(created);
  return created;
}

type CommandName = keyof ClientToServerEvents;
type AckOf<E extends CommandName> = Parameters<ClientToServerEvents[E]> extends [...unknown[], (response: Ack<infer T>) => void] ? T : never;
type PayloadOf<E extends CommandName> = Parameters<ClientToServerEvents[E]> extends [infer P, (response: never) => void] ? P : never;

/** HTTP-like status for a refused command, so a refusal reads as the server's own message. */
const REFUSED_STATUS = 400;

/**
 * Sends one acknowledged command and resolves with its data. A refusal rejects with an ApiRequestError
 * carrying the server's code and message; no answer within the timeout rejects as a network failure.
 */
export async function sendCommand<E extends Exclude<CommandName, 'WatchProfile'>>(event: E, payload: PayloadOf<E>): Promise<AckOf<E>> {
  const live = getLiveSocket();
  let response: Ack<AckOf<E>>;
  try {
    // The typed overloads cannot follow a generic event name; the maps in contracts fix both ends.
    const timed = live.timeout(COMMAND_TIMEOUT_MS);
    const emit = timed.emitWithAck as unknown as (this: LiveSocket, name: E, body: PayloadOf<E>) => Promise<Ack<AckOf<E>>>;
    response = await emit.call(timed, event, payload);
  } catch {
    throw new ApiRequestError(0, clientErrorCodes.network, 'the server did not answer');
  }
  if (!response || typeof response !== 'object' || !('ok' in response)) {
    throw new ApiRequestError(0, clientErrorCodes.badResponse, `${event}: unexpected answer`);
  }
  if (response.ok) return response.data;
  throw new ApiRequestError(REFUSED_STATUS, response.error.code, response.error.message, response.error.field);
}
