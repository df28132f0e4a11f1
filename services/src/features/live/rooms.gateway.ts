import { randomUUID } from 'node:crypto';
import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type Ack, ARENA_ID, LIVE, LOBBY_ID, type LobbyView, socketCommandSchemas, streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../../app/command-executor.js';
import { EVENT_STORE, MESSAGE_BUS, PROJECTIONS, READ_STORE } from '../../app/tokens.js';
import { arenaDecider } from '../../domain/arena/arena.decider.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { ARENA_QUEUE } from '../../process-managers/arena-matchmaker.js';
import { consumeEvents } from '../../process-managers/game-events.js';
import { lobbyView } from '../../projections/open-duels/open-duels.queries.js';
import type { ProjectionsPort } from '../../projections/projections.js';
import { joiningPlayer } from '../games/joining-player.js';
import { GameRooms } from './game-rooms.js';
import { LiveCounters } from './live-counters.js';
import { type LiveServer, type LiveSocket, socketState } from './live-socket.js';
import { userRoom } from './profile.gateway.js';
import { acked, parsePayload } from './socket-acks.js';

/**
 * The two rooms outside any game: the duels lobby (its list of waiting duels, pushed as it changes) and
 * the arena (its matchmaking queue). Also keeps every socket's toolbar counters current.
 */
@WebSocketGateway()
export class RoomsGateway implements OnGatewayInit, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('rooms');
  @WebSocketServer() private readonly server!: LiveServer;
  private readonly arenaSockets = new Map<string, number>();
  /** Arena matches made whose game is not created yet: who to tell once it is. */
  private readonly pendingMatches = new Map<string, readonly string[]>();
  private readonly stops: Array<() => unknown> = [];
  private subscription: BusSubscription | null = null;
  private readonly arenaStream = streamName.arena(ARENA_QUEUE);

  constructor(
    private readonly executor: CommandExecutor,
    private readonly counters: LiveCounters,
    private readonly rooms: GameRooms,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionsPort,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await consumeEvents(this.bus, `rooms-${randomUUID()}`, ['arena'], async ({ event }) => {
      if (event.type !== 'ArenaMatchMade') return;
      const { gameId, playerIds } = event.data;
      if ((await this.events.readStream(streamName.game(gameId), { maxCount: 1 })).length > 0) this.announceMatch(gameId, playerIds);
      else this.pendingMatches.set(gameId, playerIds);
    });
  }

  afterInit(): void {
    this.stops.push(
      this.counters.onChange((counters) => this.server.emit('CountersChanged', counters)),
      this.projections.runner('open-duels').onCommitted(() => void this.pushLobby()),
      this.rooms.onRelayed((gameId, event) => {
        const players = this.pendingMatches.get(gameId);
        if (event.type === 'GameCreated' && players) this.announceMatch(gameId, players);
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const stop of this.stops) stop();
    await this.subscription?.stop();
  }

  @SubscribeMessage('EnterLobby')
  enterLobby(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<LobbyView>> {
    return acked('EnterLobby', async () => {
      parsePayload(socketCommandSchemas.EnterLobby, payload);
      const state = socketState(socket);
      if (!state.rooms.has('lobby')) {
        state.rooms.add('lobby');
        await socket.join(LOBBY_ID);
        this.counters.enter(LOBBY_ID, socket.data.principal.uid);
      }
      return lobbyView(this.reads, this.lobbyVersion());
    });
  }

  @SubscribeMessage('LeaveLobby')
  leaveLobby(@ConnectedSocket() socket: LiveSocket): Promise<Ack<null>> {
    return acked('LeaveLobby', async () => {
      await this.leaveRoom(socket, 'lobby');
      return null;
    });
  }

  @SubscribeMessage('EnterArena')
  enterArena(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<{ queued: true }>> {
    return acked('EnterArena', async () => {
      const { mElo } = parsePayload(socketCommandSchemas.EnterArena, payload);
      const principal = socket.data.principal;
      const player = await joiningPlayer(this.reads, principal);
      const command = {
        type: 'JoinQueue',
        player: { playerId: player.id, name: player.name, rating: player.elo ?? LIVE.eloStart, mElo: mElo ?? null, rated: player.elo !== null },
      } as const;
      await this.executor.execute(this.arenaStream, arenaDecider, command, { actor: principal.uid, readModels: [] });
      const state = socketState(socket);
      if (!state.rooms.has('arena')) {
        state.rooms.add('arena');
        await socket.join(ARENA_ID);
        this.arenaSockets.set(principal.uid, (this.arenaSockets.get(principal.uid) ?? 0) + 1);
        this.counters.enter(ARENA_ID, principal.uid);
      }
      return { queued: true as const };
    });
  }

  @SubscribeMessage('LeaveArena')
  leaveArena(@ConnectedSocket() socket: LiveSocket): Promise<Ack<null>> {
    return acked('LeaveArena', async () => {
      await this.leaveRoom(socket, 'arena');
      return null;
    });
  }

  async handleDisconnect(socket: LiveSocket): Promise<void> {
    for (const room of [...socketState(socket).rooms]) await this.leaveRoom(socket, room, 'dropped').catch((error: Error) => this.logger.warn(error.message));
  }

  private async leaveRoom(socket: LiveSocket, room: 'lobby' | 'arena', how: 'left' | 'dropped' = 'left'): Promise<void> {
    const state = socketState(socket);
    if (!state.rooms.delete(room)) return;
    const uid = socket.data.principal.uid;
    await socket.leave(room === 'lobby' ? LOBBY_ID : ARENA_ID);
    this.counters.leave(room === 'lobby' ? LOBBY_ID : ARENA_ID, uid, how);
    if (room !== 'arena') return;
    const remaining = (this.arenaSockets.get(uid) ?? 1) - 1;
    if (remaining > 0) return void this.arenaSockets.set(uid, remaining);
    this.arenaSockets.delete(uid);
    await this.executor.execute(this.arenaStream, arenaDecider, { type: 'LeaveQueue', playerId: uid }, { actor: uid, readModels: [] });
  }

  private announceMatch(gameId: string, playerIds: readonly string[]): void {
    this.pendingMatches.delete(gameId);
    for (const uid of playerIds) this.server.to(userRoom(uid)).emit('ArenaMatched', { gameId });
  }

  private lobbyVersion(): number {
    return Number(this.projections.runner('open-duels').position ?? 0n);
  }

  private async pushLobby(): Promise<void> {
    this.server.to(LOBBY_ID).emit('LobbyChanged', await lobbyView(this.reads, this.lobbyVersion()));
  }
}
