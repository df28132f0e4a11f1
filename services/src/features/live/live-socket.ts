import type { ClientToServerEvents, ServerToClientEvents } from '@globetrail/contracts';
import type { Server, Socket } from 'socket.io';
import type { SocketData } from './authenticated-io-adapter.js';
import { CommandBudget } from './socket-acks.js';

export type GameRole = 'player' | 'spectator';

export interface LiveSocketData extends SocketData {
  /** Games this socket is in, and as what. */
  games?: Map<string, GameRole>;
  /** The lobby and arena rooms this socket entered. */
  rooms?: Set<'lobby' | 'arena'>;
  budget?: CommandBudget;
}

export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, LiveSocketData>;

/** A game's audiences, one room each: every player, one player's sockets, the spectators. */
export const gameRooms = {
  players: (gameId: string) => `game:${gameId}:players`,
  player: (gameId: string, playerId: string) => `game:${gameId}:p:${playerId}`,
  spectators: (gameId: string) => `game:${gameId}:watch`,
};

export function socketState(socket: LiveSocket) {
  const data = socket.data;
  data.games ??= new Map();
  data.rooms ??= new Set();
  data.budget ??= new CommandBudget();
  return data as Required<LiveSocketData>;
}
