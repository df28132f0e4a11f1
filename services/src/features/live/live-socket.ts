import type { ClientToServerEvents, ServerToClientEvents } from '@globetrail/contracts';
import type { Server, Socket } from 'socket.io';
import type { SocketData } from './authenticated-io-adapter.js';
import { CommandBudget } from './socket-acks.js';

export type GameRole = 'player' | 'spectator';

export interface LiveSocketData extends SocketData {
  /** Games this socket is in, and as what. */
  games?: Map<string, GameRole>;
  /** The last spectator version sent per game, so a delayed view is sent only when it moves. */
  spectatorVersions?: Map<string, number>;
  /** The lobby and arena rooms this socket entered. */
  rooms?: Set<'lobby' | 'arena'>;
  budget?: CommandBudget;
}

export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;

export const gameRoom = (gameId: string) => `game:${gameId}`;

export function socketState(socket: LiveSocket) {
  const data = socket.data;
  data.games ??= new Map();
  data.spectatorVersions ??= new Map();
  data.rooms ??= new Set();
  data.budget ??= new CommandBudget();
  return data as Required<LiveSocketData>;
}
