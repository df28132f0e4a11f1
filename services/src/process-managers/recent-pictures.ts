import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type DomainEvent, streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../app/command-executor.js';
import { gameDecider } from '../domain/game/game.decider.js';
import { soloDecider } from '../domain/solo/solo.decider.js';

/** Pictures remembered per player, the newest kept (more than the offline set's 56 places). */
const KEEP_PER_PLAYER = 300;
/** A player away this long has ended their session: their pictures may come again. */
const SESSION_IDLE_MS = 6 * 60 * 60 * 1000;
/** Players remembered at most (the least recently active go first). */
const MAX_PLAYERS = 50_000;

/**
 * The pictures each player was shown lately, in every mode (single player, duels, team games, the arena),
 * so a round planned for them avoids the places they have just played while unplayed ones remain (issue 28:
 * the same place came back in a duel and the next arena match). Learnt from the rounds this process starts
 * (its commands' appended events); kept in memory: a player's session, not their history. With several api
 * replicas each remembers the rounds it started (docs/operations.md).
 */
@Injectable()
export class RecentPictures implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('recent-pictures');
  private readonly byPlayer = new Map<string, { pictures: string[]; at: number }>();
  private stop: (() => void) | null = null;

  constructor(private readonly executor: CommandExecutor) {}

  onModuleInit(): void {
    this.stop = this.executor.onAppended((stream, events) => {
      void this.heard(stream, events).catch((error: Error) => this.logger.warn(`${stream}: ${error.message}`));
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** The pictures any of these players was shown in their current session. */
  avoidFor(playerIds: readonly string[], now = Date.now()): Set<string> {
    const avoid = new Set<string>();
    for (const id of playerIds) {
      const seen = this.byPlayer.get(id);
      if (!seen) continue;
      if (now - seen.at > SESSION_IDLE_MS) {
        this.byPlayer.delete(id);
        continue;
      }
      for (const picture of seen.pictures) avoid.add(picture);
    }
    return avoid;
  }

  /** Remembers that these players were shown this picture. */
  record(playerIds: readonly string[], imageId: string, now = Date.now()): void {
    for (const id of playerIds) {
      const seen = this.byPlayer.get(id) ?? { pictures: [], at: now };
      this.byPlayer.delete(id);
      if (!seen.pictures.includes(imageId)) seen.pictures.push(imageId);
      if (seen.pictures.length > KEEP_PER_PLAYER) seen.pictures.splice(0, seen.pictures.length - KEEP_PER_PLAYER);
      seen.at = now;
      // Re-inserted: the map's order is least recently active first.
      this.byPlayer.set(id, seen);
    }
    for (const [id] of this.byPlayer) {
      if (this.byPlayer.size <= MAX_PLAYERS) break;
      this.byPlayer.delete(id);
    }
  }

  private async heard(stream: string, events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'SoloRoundStarted') {
        const data = event.data as { gameId: string; panorama: { imageId: string } };
        const { state } = await this.executor.load(streamName.solo(data.gameId), soloDecider);
        if (state.status === 'playing') this.record([state.playerId], data.panorama.imageId);
      } else if (event.type === 'RoundStarting' && stream.startsWith('game-')) {
        const data = event.data as { panorama: { imageId: string } };
        const { state } = await this.executor.load(stream, gameDecider);
        const players = 'players' in state ? state.players.map((player) => player.id) : [];
        this.record(players, data.panorama.imageId);
      }
    }
  }
}
