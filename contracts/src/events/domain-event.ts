import { z } from 'zod';
import { type ArenaEvent, arenaEventSchema } from './arena-events.js';
import { type ChallengeEvent, type ChallengePlayEvent, challengeEventSchema, challengePlayEventSchema } from './challenge-events.js';
import { type GameEvent, gameEventSchema } from './game-events.js';
import { catalogueEventSchema, type MapEvent, type MapLikeEvent, mapEventSchema, mapLikeEventSchema } from './map-events.js';
import { type SoloEvent, soloEventSchema } from './solo-events.js';
import { clientErrorReportedV1 } from './report-events.js';
import { type UserEvent, userEventSchema } from './user-events.js';

export const domainEventSchema = z.union([userEventSchema, soloEventSchema, gameEventSchema, arenaEventSchema, mapEventSchema, mapLikeEventSchema, catalogueEventSchema, challengeEventSchema, challengePlayEventSchema, clientErrorReportedV1]);
export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];

/** Stream names per aggregate (DESIGN.md): `user-…`, `solo-…`, `game-…`, `arena-…`, `map-…`, `maplike-…`. */
export const streamName = {
  user: (userId: string) => `user-${userId}`,
  solo: (gameId: string) => `solo-${gameId}`,
  game: (gameId: string) => `game-${gameId}`,
  arena: (queueId: string) => `arena-${queueId}`,
  map: (mapId: string) => `map-${mapId}`,
  /** One player's like of one map: a stream a pair, so likes of a popular map never wait for each other. */
  mapLike: (mapId: string, userId: string) => `maplike-${mapId}~${userId}`,
  /** The catalogue's own facts: which preset seed is complete. */
  catalogue: () => 'catalogue-presets',
  challenge: (challengeId: string) => `challenge-${challengeId}`,
  /** One player's part in one challenge: a stream a pair, so players of a popular challenge never wait for each other. */
  challengePlay: (challengeId: string, userId: string) => `challengeplay-${challengeId}~${userId}`,
  /** One failure a browser reported (SPEC §8): a stream a report, so reports never wait for each other. */
  clientError: (reportId: string) => `clienterror-${reportId}`,
} as const;

export type StreamCategory = keyof typeof streamName;

export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}

interface EventOption {
  shape?: { type: { value: string }; version: { value: number } };
  options?: readonly EventOption[];
  parse?(input: unknown): unknown;
}

/**
 * Each event type and version's own schema: the union tries its members in turn (a game event met the user,
 * solo and game unions' failures first, each an issue object made and thrown away — a tenth of a rebuild's
 * parsing and garbage).
 */
const schemaByTypeAndVersion = new Map<string, EventOption>();
const collectSchemas = (options: readonly EventOption[]): void => {
  for (const option of options) {
    if (option.shape) schemaByTypeAndVersion.set(`${option.shape.type.value}@${option.shape.version.value}`, option);
    else collectSchemas(option.options ?? []);
  }
};
collectSchemas(domainEventSchema.options as unknown as readonly EventOption[]);

/** Validates a stored event's payload against its schema; throws a ZodError naming the bad field. */
export function parseDomainEvent(type: string, version: number, data: unknown): DomainEvent {
  const own = schemaByTypeAndVersion.get(`${type}@${version}`);
  // An unknown type or version: the union's own error names what is wrong.
  return (own ? own.parse!({ type, version, data }) : domainEventSchema.parse({ type, version, data })) as DomainEvent;
}
/** Every type in a union of event schemas; an event type with several versions is a union of its own. */
const typesOf = (schema: { options: readonly EventOption[] }): ReadonlySet<string> =>
  new Set(schema.options.flatMap((option) => (option.shape ? [option.shape.type.value] : [...typesOf({ options: option.options ?? [] })])));
const userEventTypes = typesOf(userEventSchema);
const soloEventTypes = typesOf(soloEventSchema);
const gameEventTypes = typesOf(gameEventSchema);
const arenaEventTypes = typesOf(arenaEventSchema);
const mapEventTypes = typesOf(mapEventSchema);
const mapLikeEventTypes = typesOf(mapLikeEventSchema);
const challengeEventTypes = typesOf(challengeEventSchema);
const challengePlayEventTypes = typesOf(challengePlayEventSchema);

/** Every game event type, for code that handles them all (a read model of whole games). */
export const allGameEventTypes = [...gameEventTypes] as Array<GameEvent['type']>;

export const isUserEvent = (event: DomainEvent): event is UserEvent => userEventTypes.has(event.type);
export const isSoloEvent = (event: DomainEvent): event is SoloEvent => soloEventTypes.has(event.type);
export const isGameEvent = (event: DomainEvent): event is GameEvent => gameEventTypes.has(event.type);
export const isArenaEvent = (event: DomainEvent): event is ArenaEvent => arenaEventTypes.has(event.type);
export const isMapEvent = (event: DomainEvent): event is MapEvent => mapEventTypes.has(event.type);
export const isMapLikeEvent = (event: DomainEvent): event is MapLikeEvent => mapLikeEventTypes.has(event.type);
export const isChallengeEvent = (event: DomainEvent): event is ChallengeEvent => challengeEventTypes.has(event.type);
export const isChallengePlayEvent = (event: DomainEvent): event is ChallengePlayEvent => challengePlayEventTypes.has(event.type);
