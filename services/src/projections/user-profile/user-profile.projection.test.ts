import { project } from '../testing/project.js';
import { scoreSubmitted, userCreated, userDeleted, userRegistered } from '../testing/events.js';
import { userProfileProjection } from './user-profile.projection.js';

describe('user profile projection', () => {
  it('starts a profile at zero and adds each submitted round', async () => {
    const { user_profiles } = await project(userProfileProjection, [
      ['user-a', [userCreated('a', false, 'Ada'), scoreSubmitted('a', 4000, { bestGuessInMeters: 900, currentCountryStreak: 1, bestCountryStreak: 1 }), scoreSubmitted('a', 2500, { bestGuessInMeters: 900, currentCountryStreak: 0, bestCountryStreak: 1 })]],
    ]);
    expect(user_profiles).toEqual([
      { id: 'a', name: 'Ada', isAnonymous: false, points: 6500, nGames: 2, bestGuessInMeters: 900, bestCountryStreak: 1, currentCountryStreak: 0, elo: 1000, createdAt: '2026-11-21T10:00:00.000Z' },
    ]);
  });

  it('turns an anonymous profile into a named one on registration, and forgets deleted players', async () => {
    const { user_profiles } = await project(userProfileProjection, [
      ['user-a', [userCreated('a', true, 'Anonymous'), userRegistered('a', 'Ada')]],
      ['user-b', [userCreated('b'), userDeleted('b')]],
    ]);
    expect(user_profiles).toEqual([expect.objectContaining({ id: 'a', name: 'Ada', isAnonymous: false })]);
  });
});
