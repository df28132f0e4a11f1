import { type OpenDuelDoc, readModelCollections } from '@globetrail/contracts';
import { assertNever } from '../../domain/decider.js';
import { defineProjection, remove, upsert } from '../projection.js';

const collection = readModelCollections.openDuels;
const gameIdOf = (streamId: string) => streamId.slice('game-'.length);

/** The duels lobby (mode B): lobby duels that wait for an opponent, until they fill, launch or are abandoned. */
export const openDuelsProjection = defineProjection({
  name: 'open-duels',
  collections: [collection],
  indexes: [{ collection, fields: ['createdAt'] }],
  // A lobby duel holds at most one waiting player, so its host never changes while it is listed.
  handles: ['GameCreated', 'PlayerJoined', 'PlayerLeft', 'GameLaunched', 'GameAbandoned', 'GameEnded'],
  async apply({ event, streamId, position }, documents) {
    const id = gameIdOf(streamId);
    switch (event.type) {
      case 'GameCreated': {
        const { origin, gameT, settings, createdAt } = event.data;
        if (origin !== 'lobby' || gameT !== 'D') return [];
        // The host's name and rating arrive with their PlayerJoined, right after.
        const duel: OpenDuelDoc = { id, host: { id: event.data.hostId, name: '', elo: null }, mElo: settings.mElo, rl: settings.rl, players: 0, createdAt };
        return [upsert(collection, duel, position)];
      }
      case 'PlayerJoined': {
        const duel = await documents.get<OpenDuelDoc>(collection, id);
        if (!duel) return [];
        const players = duel.players + 1;
        if (players >= 2) return [remove(collection, id)];
        const host = duel.host.id === event.data.playerId ? { id: event.data.playerId, name: event.data.name, elo: event.data.elo } : duel.host;
        return [upsert(collection, { ...duel, host, players }, position)];
      }
      case 'PlayerLeft': {
        const duel = await documents.get<OpenDuelDoc>(collection, id);
        return duel ? [upsert(collection, { ...duel, players: Math.max(0, duel.players - 1) }, position)] : [];
      }
      case 'GameLaunched':
      case 'GameAbandoned':
      case 'GameEnded':
        return (await documents.get(collection, id)) ? [remove(collection, id)] : [];
      default:
        return assertNever(event);
    }
  },
});
