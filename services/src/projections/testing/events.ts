import type { DomainEvent, ScoreSubmitted } from '@globetrail/contracts';

const at = '2026-11-21T10:00:00.000Z';

export const userCreated = (userId: string, isAnonymous = false, name = userId): DomainEvent => ({ type: 'UserCreated', version: 1, data: { userId, name, isAnonymous, createdAt: at } });
export const userRegistered = (userId: string, name: string): DomainEvent => ({ type: 'UserRegistered', version: 1, data: { userId, name, registeredAt: at } });
export const userDeleted = (userId: string): DomainEvent => ({ type: 'UserDeleted', version: 1, data: { userId, deletedAt: at } });

export function scoreSubmitted(userId: string, points: number, overrides: Partial<ScoreSubmitted['data']> = {}): DomainEvent {
  return {
    type: 'ScoreSubmitted',
    version: 1,
    data: {
      userId,
      gameId: `g-${points}`,
      roundIndex: 0,
      gameType: 'singleplayer',
      mapId: 'world',
      points,
      distanceMeters: 1000,
      target: { lat: 1, lng: 1 },
      guess: { lat: 1.01, lng: 1 },
      targetCountryCode: null,
      guessCountryCode: null,
      bestGuessInMeters: 1000,
      currentCountryStreak: 0,
      bestCountryStreak: 0,
      submittedAt: at,
      ...overrides,
    },
  };
}
