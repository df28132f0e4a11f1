import { levelForPoints, tierForPoints, type NameAndImage, type PublicProfileView, readModelCollections, UNKNOWN_PLAYER, type UserProfileDoc, type UserProfileView } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { rankForPoints } from '../leaderboards/leaderboards.queries.js';

const collection = readModelCollections.userProfiles;

export async function userProfile(reads: ReadStore, uid: string): Promise<UserProfileView | null> {
  const doc = await reads.get<UserProfileDoc>(collection, uid);
  if (!doc) return null;
  return {
    uid: doc.id,
    name: doc.name,
    isAnonymous: doc.isAnonymous,
    rank: doc.isAnonymous ? null : await rankForPoints(reads, doc.points),
    points: doc.points,
    level: levelForPoints(doc.points),
    nGames: doc.nGames,
    bestGuessInMeters: doc.bestGuessInMeters,
    bestCountryStreak: doc.bestCountryStreak,
    currentCountryStreak: doc.currentCountryStreak,
    elo: doc.elo,
    createdAt: doc.createdAt,
    dvs: doc.dvs ?? 0,
    dvsb: doc.dvsb ?? 0,
    dcs: doc.dcs ?? 0,
    dcsb: doc.dcsb ?? 0,
    dcsd: doc.dcsd ?? '',
    currentChallengeID: doc.currentChallengeID ?? null,
  };
}

/** SPEC §6: anonymous players cannot have their profile looked up; they read as not found. */
export async function publicProfile(reads: ReadStore, uid: string): Promise<PublicProfileView | null> {
  const profile = await userProfile(reads, uid);
  if (!profile || profile.isAnonymous) return null;
  const { isAnonymous: _anonymous, currentCountryStreak: _streak, currentChallengeID: _challenge, ...shown } = profile;
  return { ...shown, photoUrl: '' };
}

export async function nameAndImage(reads: ReadStore, uid: string): Promise<NameAndImage> {
  const doc = await reads.get<UserProfileDoc>(collection, uid);
  if (!doc) return UNKNOWN_PLAYER;
  if (doc.isAnonymous) return { name: 'Anonymous', photoUrl: '', isAnon: true, tier: null };
  return { name: doc.name, photoUrl: '', isAnon: false, tier: tierForPoints(doc.points) };
}
