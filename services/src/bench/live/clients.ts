import type { Ack, AuthSession } from '@globetrail/contracts';
import { io, type Socket } from 'socket.io-client';

/** An anonymous visitor as the client makes one: a session, then POST /user/create. */
export async function identity(url: string): Promise<AuthSession> {
  const session = (await post(url, '/auth/anonymous', null, {})) as AuthSession;
  await post(url, '/user/create', session.idToken, {});
  return session;
}

export async function post(url: string, path: string, token: string | null, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** WebSocket transport only, on both sides of the comparison: the long-polling upgrade is not what is measured. */
export function connect<S extends Socket>(url: string, token: string | null): Promise<S> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...(token ? { auth: { token } } : {}) }) as S;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A setup command that must succeed. */
export function command(socket: Socket, name: 'JoinGame' | 'WatchGame' | 'SyncGame' | 'SetReady' | 'RestartGame', payload: object): Promise<unknown> {
  return new Promise((resolve, reject) =>
    (socket.emit as (...args: unknown[]) => void)(name, payload, (ack: Ack<unknown>) => (ack.ok ? resolve(ack.data) : reject(new Error(`${name}: ${ack.error.code}: ${ack.error.message}`)))),
  );
}
