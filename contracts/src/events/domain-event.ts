import { z } from 'zod';
import { type ArenaEvent, arenaEventSchema } from './arena-events.js';
import { type GameEvent, gameEventSchema } from './game-events.js';
import { type MapEvent, mapEventSchema } from './map-events.js';
import { type SoloEvent, soloEventSchema } from './solo-events.js';
import { type UserEvent, userEventSchema } from './user-events.js';

export const domainEventSchema = z.union([userEventSchema, soloEventSchema, gameEventSchema, arenaEventSchema, mapEventSchema]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];

/** Stream names per aggregate (DESIGN.md): `user-…`, `solo-…`, `game-…`, `arena-…`, `map-…`. */
export const streamName = {
  user: (userId: string) => `user-${userId}`,
  solo: (gameId: string) => `solo-${gameId}`,
  game: (gameId: string) => `game-${gameId}`,
  arena: (queueId: string) => `arena-${queueId}`,
  map: (mapId: string) => `map-${mapId}`,
} as const;

export type StreamCategory = keyof typeof streamName;

export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}

/** Validates a stored event's payload against its schema; throws a ZodError naming the bad field. */
export function parseDomainEvent(type: string, version: number, data: unknown): DomainEvent {
  return domainEventSchema.parse({ type, version, data });
}

type EventUnion = typeof userEventSchema | typeof soloEventSchema | typeof gameEventSchema | typeof arenaEventSchema | typeof mapEventSchema;
const typesOf = (schema: EventUnion): ReadonlySet<string> => new Set(schema.options.map((option) => option.shape.type.value));
const userEventTypes = typesOf(userEventSchema);
const soloEventTypes = typesOf(soloEventSchema);
const gameEventTypes = typesOf(gameEventSchema);
const arenaEventTypes = typesOf(arenaEventSchema);
const mapEventTypes = typesOf(mapEventSchema);

/** Every game event type, for code that handles them all (a read model of whole games). */
export const allGameEventTypes = [...gameEventTypes] as Array<GameEvent['type']>;

export const isUserEvent = (event: DomainEvent): event is UserEvent => userEventTypes.has(event.type);
export const isSoloEvent = (event: DomainEvent): event is SoloEvent => soloEventTypes.has(event.type);
export const isGameEvent = (event: DomainEvent): event is GameEvent => gameEventTypes.has(event.type);
export const isArenaEvent = (event: DomainEvent): event is ArenaEvent => arenaEventTypes.has(event.type);
export const isMapEvent = (event: DomainEvent): event is MapEvent => mapEventTypes.has(event.type);
