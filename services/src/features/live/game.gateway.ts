import { randomUUID } from 'node:crypto';
import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, MessageBody, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type Ack, type GameView, isPrivateGhostDuel, socketCommandSchemas, streamName } from '@globetrail/contracts';
import type { z } from 'zod';
import { CommandExecutor } from '../../app/command-executor.js';
import { CLOCK, READ_STORE } from '../../app/tokens.js';
import type { GameCommand } from '../../domain/game/game.commands.js';
import { gameDecider } from '../../domain/game/game.decider.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { Clock } from '../../platform/time/clock.js';
import { joiningPlayer } from '../games/joining-player.js';
import { GameRooms } from './game-rooms.js';
import { LiveCounters } from './live-counters.js';
import type { Outgoing } from './game-feed.js';
import { gameRooms, type LiveServer, type LiveSocket, socketState } from './live-socket.js';
import { acked, parsePayload, SocketCommandError } from './socket-acks.js';
import { RateLimitedError, RateLimits } from '../../platform/rate-limit/rate-limits.js';

type CommandInput<K extends keyof typeof socketCommandSchemas> = z.infer<(typeof socketCommandSchemas)[K]>;

/**
 * Live games over Socket.IO: player commands in; a socket that joins or watches gets the game's whole view
 * as it may see it, then every change to it as a small versioned message sent to its audience's room
 * (docs/live.md). The rules are the game decider's, the messages the GameFeed's; this class only routes.
 */
@WebSocketGateway()
export class GameGateway implements OnGatewayInit, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer() private readonly server!: LiveServer;
  /** Sockets per player per game: a player goes offline when their last socket leaves. */
  private readonly playerSockets = new Map<string, Map<string, number>>();
  /** Sockets per player of each arena match still being played: its players count as in the arena until it ends. */
  private readonly inArena = new Map<string, Map<string, number>>();
  private stopListening: (() => void) | null = null;
  private stopEnded: (() => void) | null = null;

  constructor(
    private readonly executor: CommandExecutor,
    private readonly rooms: GameRooms,
    private readonly counters: LiveCounters,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  afterInit(): void {
    this.stopListening = this.rooms.onUpdate((gameId, outgoing) => this.push(gameId, outgoing));
    // A match over is no longer "in the arena", though its players still look at its result.
    this.stopEnded = this.rooms.onEnded((gameId) => this.leftArena(gameId));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    this.stopEnded?.();
  }

  @SubscribeMessage('JoinGame')
  join(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<GameView>> {
    return acked('JoinGame', async () => {
      const { gameId, team } = this.parse(socket, 'JoinGame', payload);
      const uid = socket.data.principal.uid;
      const state = socketState(socket);
      const wasWatching = state.games.has(gameId);
      const feed = wasWatching ? await this.rooms.current(gameId) : await this.rooms.watch(gameId);
      if (!feed) throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      try {
        const command: GameCommand =
          uid in feed.full.live.us
            ? { type: 'ConnectPlayer', gameId, playerId: uid }
            : { type: 'JoinGame', gameId, player: await joiningPlayer(this.reads, socket.data.principal), ...(team ? { team } : {}) };
        await this.run(uid, command);
      } catch (error) {
        if (!wasWatching) this.rooms.unwatch(gameId);
        throw error;
      }
      const playing = feed.full.live.status !== 'G_ED' && feed.full.live.status !== 'G_ABON';
      if (state.games.get(gameId) !== 'player') this.addPlayerSocket(gameId, uid, feed.full.live.gameT === 'L' && playing);
      if (state.games.get(gameId) === 'spectator') socket.leave(gameRooms.spectators(gameId));
      state.games.set(gameId, 'player');
      // The view is taken as the socket enters the rooms: every message after it builds on it.
      await enter(socket, [gameRooms.players(gameId), gameRooms.player(gameId, uid)]);
      return feed.playerView(uid, this.clock.now());
    });
  }

  @SubscribeMessage('WatchGame')
  watch(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<GameView>> {
    return acked('WatchGame', async () => {
      const { gameId } = this.parse(socket, 'WatchGame', payload);
      const state = socketState(socket);
      const watching = state.games.has(gameId);
      const feed = watching ? await this.rooms.current(gameId) : await this.rooms.watch(gameId);
      if (!feed) throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      if (isPrivateGhostDuel(feed.full.live) && !(socket.data.principal.uid in feed.full.live.us)) {
        if (!watching) this.rooms.unwatch(gameId);
        throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      }
      if (!state.games.has(gameId)) state.games.set(gameId, 'spectator');
      if (state.games.get(gameId) === 'player') return feed.playerView(socket.data.principal.uid, this.clock.now());
      await enter(socket, [gameRooms.spectators(gameId)]);
      return feed.spectatorView(this.clock.now());
    });
  }

  /** The whole view again, for a socket that saw a gap in the messages it was sent. */
  @SubscribeMessage('SyncGame')
  sync(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Promise<Ack<GameView>> {
    return acked('SyncGame', async () => {
      const { gameId } = this.parse(socket, 'SyncGame', payload);
      const role = socketState(socket).games.get(gameId);
      if (!role) throw new SocketCommandError('not_in_game', 'join or watch this game first', 'gameId');
      const feed = await this.rooms.current(gameId);
      if (!feed) throw new SocketCommandError('not_found', `no game ${gameId}`, 'gameId');
      return role === 'player' ? feed.playerView(socket.data.principal.uid, this.clock.now()) : feed.spectatorView(this.clock.now());
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
    const outcome = await this.executor.execute(streamName.game(command.gameId), gameDecider, command, { actor, readModels: [] });
    // The answer and the messages include what was just appended, whatever the bus is doing.
    await this.rooms.appended(command.gameId, outcome.events, outcome.revision);
  }

  private async leaveGame(socket: LiveSocket, gameId: string, how: 'LeaveGame' | 'DisconnectPlayer'): Promise<void> {
    const state = socketState(socket);
    const role = state.games.get(gameId);
    if (!role) return;
    state.games.delete(gameId);
    const uid = socket.data.principal.uid;
    for (const room of role === 'player' ? [gameRooms.players(gameId), gameRooms.player(gameId, uid)] : [gameRooms.spectators(gameId)]) await socket.leave(room);
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
    if (arenaMatch) {
      const counted = this.inArena.get(gameId) ?? new Map<string, number>();
      counted.set(uid, (counted.get(uid) ?? 0) + 1);
      this.inArena.set(gameId, counted);
      this.counters.enter('arena', uid);
    }
  }

  private leftArena(gameId: string): void {
    const counted = this.inArena.get(gameId);
    if (!counted) return;
    this.inArena.delete(gameId);
    for (const [uid, sockets] of counted) for (let n = 0; n < sockets; n++) this.counters.leave('arena', uid, 'left');
  }

  private removePlayerSocket(gameId: string, uid: string): number {
    const players = this.playerSockets.get(gameId);
    const remaining = Math.max(0, (players?.get(uid) ?? 1) - 1);
    if (remaining > 0) players!.set(uid, remaining);
    else players?.delete(uid);
    if (players?.size === 0) this.playerSockets.delete(gameId);
    const counted = this.inArena.get(gameId);
    const inArena = counted?.get(uid) ?? 0;
    if (inArena > 0) {
      if (inArena > 1) counted!.set(uid, inArena - 1);
      else counted!.delete(uid);
      if (counted!.size === 0) this.inArena.delete(gameId);
      this.counters.leave('arena', uid);
    }
    return remaining;
  }

  /** Sends what an event changed to each audience: one message each, encoded once for all its sockets. */
  private push(gameId: string, { shared, own, spectators }: Outgoing): void {
    if (shared) {
      const to = shared.withSpectators ? [gameRooms.players(gameId), gameRooms.spectators(gameId)] : gameRooms.players(gameId);
      const except = shared.except.map((playerId) => gameRooms.player(gameId, playerId));
      (except.length > 0 ? this.server.to(to).except(except) : this.server.to(to)).emit('GameChanged', shared.message);
    }
    for (const { playerId, message } of own) this.server.to(gameRooms.player(gameId, playerId)).emit('GameChanged', message);
    if (spectators) this.server.to(gameRooms.spectators(gameId)).emit('GameChanged', spectators);
  }
}

/** Joins rooms; the in-memory adapter does it at once, others may answer later. */
async function enter(socket: LiveSocket, rooms: string[]): Promise<void> {
  await socket.join(rooms);
}
