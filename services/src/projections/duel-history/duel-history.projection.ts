import { type DuelGameDoc, type DuelHistoryDoc, isDuel, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const games = readModelCollections.duelGames;
const history = readModelCollections.duelHistory;

export const duelHistoryId = (playerId: string, endedAt: string, gameId: string) => `${playerId}|${endedAt}|${gameId}`;

/**
 * Each player's finished one-against-one duels (private, lobby, arena and ghost duels): the public profile's
 * match list, where a player's ghost can be duelled. While a duel is on, who joined it (names as they joined);
 * when it ends, one entry for each of its two players, with the other as their opponent. A ghost has no
 * entry of its own, and a ghost duel on a challenge's rounds none at all. A restarted duel that ends again gets another entry. Gone with the player. The duel's
 * own document stays (a restart plays it again), as live-games keeps every game's status.
 */
export const duelHistoryProjection = defineProjection({
  name: 'duel-history',
  collections: [games, history],
  indexes: [{ collection: history, fields: ['playerId', ['endedAt', 'desc']] }],
  handles: ['GameCreated', 'GhostRecorded', 'PlayerJoined', 'RoundEnded', 'GameRestarted', 'GameEnded', 'UserDeleted'],
  async apply({ event, streamId, position }, documents) {
    const gameId = streamId.slice('game-'.length);
    switch (event.type) {
      case 'GameCreated': {
        const { gameT, origin, map } = event.data;
        if (!isDuel(gameT)) return [];
        const doc: DuelGameDoc = { id: gameId, gameT: gameT as 'D' | 'L', origin, mapName: map.name, players: {}, rounds: 0 };
        return [upsert(games, doc, position)];
      }
      case 'GhostRecorded':
        // A ghost duel on a challenge's rounds is its player's own: no one's list shows it.
        return event.data.source.kind === 'challenge' ? [remove(games, gameId)] : [];
      case 'PlayerJoined': {
        const game = await documents.get<DuelGameDoc>(games, gameId);
        if (!game) return [];
        const { playerId, name, isAnonymous } = event.data;
        return [upsert(games, { ...game, players: { ...game.players, [playerId]: { name, isA: isAnonymous } } }, position)];
      }
      case 'RoundEnded':
      case 'GameRestarted': {
        const game = await documents.get<DuelGameDoc>(games, gameId);
        if (!game) return [];
        return [upsert(games, { ...game, rounds: event.type === 'RoundEnded' ? game.rounds + 1 : 0 }, position)];
      }
      case 'GameEnded': {
        const game = await documents.get<DuelGameDoc>(games, gameId);
        if (!game) return [];
        const { standings, winnerTeam, endedAt } = event.data;
        const sides = standings.filter((standing) => standing.team !== null);
        const writes = [];
        for (const side of sides) {
          const opponentSide = sides.find((other) => other.team !== side.team);
          const opponentId = opponentSide?.playerIds[0] ?? null;
          const opponent = opponentId === null ? undefined : game.players[opponentId];
          for (const playerId of side.playerIds) {
            if (playerId.startsWith('ghost:')) continue;
            const entry: DuelHistoryDoc = {
              id: duelHistoryId(playerId, endedAt, gameId),
              playerId,
              gameId,
              endedAt,
              gameT: game.gameT,
              origin: game.origin,
              mapName: game.mapName,
              opponentId,
              opponentName: opponent?.name ?? null,
              opponentAnonymous: opponent?.isA ?? true,
              outcome: winnerTeam === null ? 'draw' : winnerTeam === side.team ? 'won' : 'lost',
              hp: side.hp,
              opponentHp: opponentSide?.hp ?? null,
              rounds: game.rounds,
            };
            writes.push(upsert(history, entry, position));
          }
        }
        return writes;
      }
      case 'UserDeleted':
        // Their own entries; where they were someone's opponent, the query hides their name.
        return [{ kind: 'deletePrefix' as const, collection: history, prefix: `${event.data.userId}|` }];
      default:
        return assertNever(event);
    }
  },
});
