import { randomUUID } from 'node:crypto';
import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type Ack, type GameView, socketCommandSchemas, streamName } from '@globetrail/contracts';
import type { z } from 'zod';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, CLOCK, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { GameCommand } from '../../domain/game/game.commands.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import type { FullGameView } from '../../domain/game/game-view.js';
import { spectatorView, viewFor } from '../../domain/game/view-filter.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { Clock } from '../../platform/time/clock.js';
import { joiningPlayer } from '../games/joining-player.js';
import { GameRooms } from './game-rooms.js';
import { LiveCounters } from './live-counters.js';
import { gameRoom, type LiveServer, type LiveSocket, socketState } from './live-socket.js';
import { acked, parsePayload, SocketCommandError } from './socket-acks.js';
import { RateLimitedError, RateLimits } from '../../platform/rate-limit/rate-limits.js';

type CommandInput<K extends keyof typeof socketCommandSchemas> = z.infer<(typeof socketCommandSchemas)[K]>;

/**
 * Live games over Socket.IO: a room per game, player commands in, and after every change each socket
 * gets the game as it may see it (its own view as a player, the delayed one as a spectator), with the
 * game's version. The rules are the game decider's; this class only routes.
 */
@WebSocketGateway()
export class GameGateway implements OnGatewayInit, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer() private readonly server!: LiveServer;
  /** Sockets per player per game: a player goes offline when their last socket leaves. */
  private readonly playerSockets = new Map<string, Map<string, number>>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly executor: CommandExecutor,
    private readonly rooms: GameRooms,
    private readonly counters: LiveCounters,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  afterInit(): void {
    this.stopListening = this.rooms.onUpdate((gameId, full, onlyFor) => this.push(gameId, full, onlyFor));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  @SubscribeMessage('JoinGame')
  join(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<GameView>> {
    return acked('JoinGame', async () => {
      const { gameId, team } = this.parse(socket, 'JoinGame', payload);
      const uid = socket.data.principal.uid;
      const state = socketState(socket);
      const wasWatching = state.games.has(gameId);
      const full = wasWatching ? await this.rooms.current(gameId) : await this.rooms.watch(gameId);
      if (!full) throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      try {
        const command: GameCommand =
          uid in full.live.us
            ? { type: 'ConnectPlayer', gameId, playerId: uid }
            : { type: 'JoinGame', gameId, player: await joiningPlayer(this.reads, socket.data.principal), ...(team ? { team } : {}) };
        await this.run(uid, command);
      } catch (error) {
        if (!wasWatching) this.rooms.unwatch(gameId);
        throw error;
      }
      if (state.games.get(gameId) !== 'player') this.addPlayerSocket(gameId, uid, full.live.gameT === 'L');
      state.games.set(gameId, 'player');
      await socket.join(gameRoom(gameId));
      const current = (await this.rooms.current(gameId))!;
      return viewFor(current, { playerId: uid }, this.clock.now());
    });
  }

  @SubscribeMessage('WatchGame')
  watch(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<GameView>> {
    return acked('WatchGame', async () => {
      const { gameId } = this.parse(socket, 'WatchGame', payload);
      const state = socketState(socket);
      const full = state.games.has(gameId) ? await this.rooms.current(gameId) : await this.rooms.watch(gameId);
      if (!full) throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      if (!state.games.has(gameId)) state.games.set(gameId, 'spectator');
      await socket.join(gameRoom(gameId));
      const view = spectatorView(full, this.config.spectatorDelayPhases, this.clock.now());
      state.spectatorVersions.set(gameId, view.version);
      return view;
    });
  }

  @SubscribeMessage('LeaveGame')
  leave(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<null>> {
    return acked('LeaveGame', async () => {
      const { gameId } = this.parse(socket, 'LeaveGame', payload);
      await this.leaveGame(socket, gameId, 'LeaveGame');
      return null;
    });
  }

  @SubscribeMessage('SetReady')
  ready(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'SetReady', payload, ({ gameId, ready }, playerId) => ({ type: 'SetReady', gameId, playerId, ready }));
  }

  @SubscribeMessage('ChooseTeam')
  chooseTeam(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'ChooseTeam', payload, ({ gameId, team }, playerId) => ({ type: 'ChooseTeam', gameId, playerId, team }));
  }

  @SubscribeMessage('PlaceGuess')
  guess(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'PlaceGuess', payload, ({ gameId, roundIndex, loc, r, final }, playerId) => ({
      type: 'PlaceGuess',
      gameId,
      playerId,
      roundIndex,
      loc,
      r: r ?? -1,
      final,
    }));
  }

  @SubscribeMessage('StartViewing')
  startViewing(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'StartViewing', payload, ({ gameId, roundIndex }, playerId) => ({ type: 'StartViewing', gameId, playerId, roundIndex }));
  }

  @SubscribeMessage('ForceEndRound')
  forceEnd(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'ForceEndRound', payload, ({ gameId, roundIndex }, playerId) => ({ type: 'ForceEndRound', gameId, playerId, roundIndex }));
  }

  @SubscribeMessage('PostChat')
  chat(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'PostChat', payload, ({ gameId, text }, playerId) => ({ type: 'PostChat', gameId, playerId, messageId: randomUUID(), text }));
  }

  @SubscribeMessage('RestartGame')
  restart(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown) {
    return this.playerCommand(socket, 'RestartGame', payload, ({ gameId }, playerId) => ({ type: 'RestartGame', gameId, playerId }));
  }

  async handleDisconnect(socket: LiveSocket): Promise<void> {
    for (const gameId of [...socketState(socket).games.keys()]) await this.leaveGame(socket, gameId, 'DisconnectPlayer').catch(() => undefined);
  }

  private parse<K extends keyof typeof socketCommandSchemas>(socket: LiveSocket, name: K, payload: unknown): CommandInput<K> {
    socketState(socket).budget.take();
    return parsePayload(socketCommandSchemas[name], payload) as CommandInput<K>;
  }

  private playerCommand<K extends 'SetReady' | 'ChooseTeam' | 'PlaceGuess' | 'StartViewing' | 'ForceEndRound' | 'PostChat' | 'RestartGame'>(
    socket: LiveSocket,
    name: K,
    payload: unknown,
    toCommand: (input: CommandInput<K>, playerId: string) => GameCommand,
  ): Promise<Ack<null>> {
    return acked(name, async () => {
      const input = this.parse(socket, name, payload);
      const { gameId } = input;
      if (socketState(socket).games.get(gameId) !== 'player') throw new SocketCommandError('not_in_game', 'join this game as a player first', 'gameId');
      if (name === 'PlaceGuess' || name === 'PostChat') await this.limit(socket, name === 'PlaceGuess' ? 'guess' : 'chat');
      await this.run(socket.data.principal.uid, toCommand(input, socket.data.principal.uid));
      return null;
    });
  }

  private async limit(socket: LiveSocket, name: 'guess' | 'chat'): Promise<void> {
    try {
      await this.limits.consume(name, { player: socket.data.principal.uid, address: socket.data.address });
    } catch (error) {
      if (error instanceof RateLimitedError) throw new SocketCommandError('rate_limited', error.message);
      throw error;
    }
  }

  private async run(actor: string, command: GameCommand): Promise<void> {
    await this.executor.execute(streamName.game(command.gameId), gameDecider, command, { actor, readModels: [] });
    // The answer and the pushes must include what was just appended, whatever the bus is doing.
    await this.rooms.current(command.gameId);
  }

  private async leaveGame(socket: LiveSocket, gameId: string, how: 'LeaveGame' | 'DisconnectPlayer'): Promise<void> {
    const state = socketState(socket);
    const role = state.games.get(gameId);
    if (!role) return;
    state.games.delete(gameId);
    state.spectatorVersions.delete(gameId);
    await socket.leave(gameRoom(gameId));
    const uid = socket.data.principal.uid;
    try {
      if (role === 'player' && this.removePlayerSocket(gameId, uid) === 0) {
        const command: GameCommand = how === 'LeaveGame' ? { type: 'LeaveGame', gameId, playerId: uid } : { type: 'DisconnectPlayer', gameId, playerId: uid };
        await this.run(uid, command);
      }
    } finally {
      this.rooms.unwatch(gameId);
    }
  }

  private addPlayerSocket(gameId: string, uid: string, arenaMatch: boolean): void {
    const players = this.playerSockets.get(gameId) ?? new Map<string, number>();
    players.set(uid, (players.get(uid) ?? 0) + 1);
    this.playerSockets.set(gameId, players);
    if (arenaMatch) this.counters.enter('arena', uid);
  }

  private removePlayerSocket(gameId: string, uid: string): number {
    const players = this.playerSockets.get(gameId);
    const remaining = Math.max(0, (players?.get(uid) ?? 1) - 1);
    if (remaining > 0) players!.set(uid, remaining);
    else players?.delete(uid);
    if (players?.size === 0) this.playerSockets.delete(gameId);
    this.counters.leave('arena', uid);
    return remaining;
  }

  /**
   * Sends each socket in the room the game as it may see it; with `onlyFor`, only that player's sockets.
   * Spectators all see the same view: it goes out as one broadcast, encoded once for all of them.
   */
  private push(gameId: string, full: FullGameView, onlyFor: string | null = null): void {
    const socketIds = this.server.sockets.adapter.rooms.get(gameRoom(gameId));
    if (!socketIds) return;
    const now = this.clock.now();
    let spectators: GameView | null = null;
    const watching: string[] = [];
    for (const id of socketIds) {
      const socket = this.server.sockets.sockets.get(id);
      if (!socket) continue;
      const state = socketState(socket);
      if (onlyFor !== null && (state.games.get(gameId) !== 'player' || socket.data.principal.uid !== onlyFor)) continue;
      if (state.games.get(gameId) === 'player') {
        socket.emit('GameUpdated', { gameId, version: full.live.version, view: viewFor(full, { playerId: socket.data.principal.uid }, now) });
        continue;
      }
      spectators ??= spectatorView(full, this.config.spectatorDelayPhases, now);
      if (spectators.version <= (state.spectatorVersions.get(gameId) ?? -1)) continue;
      state.spectatorVersions.set(gameId, spectators.version);
      watching.push(id);
    }
    // Every socket is in a room named by its id.
    if (spectators && watching.length > 0) this.server.to(watching).emit('GameUpdated', { gameId, version: spectators.version, view: spectators });
  }
}
