import { arenaRatingsProjection } from './arena-ratings/arena-ratings.projection.js';
import { challengeCommentsProjection } from './challenge-comments/challenge-comments.projection.js';
import { challengeProgressProjection } from './challenge-progress/challenge-progress.projection.js';
import { challengesProjection } from './challenges/challenges.projection.js';
import { duelHistoryProjection } from './duel-history/duel-history.projection.js';
import { liveGamesProjection } from './live-games/live-games.projection.js';
import { leaderboardsProjection } from './leaderboards/leaderboards.projection.js';
import { mapLikesProjection } from './map-likes/map-likes.projection.js';
import { mapLocationsProjection } from './map-locations/map-locations.projection.js';
import { mapsProjection } from './maps/maps.projection.js';
import type { Projection } from './projection.js';
import { openDuelsProjection } from './open-duels/open-duels.projection.js';
import { operatorReportsProjection } from './operator-reports/operator-reports.projection.js';
import { playerHistoryProjection } from './player-history/player-history.projection.js';
import { roundPanoramasProjection } from './round-panoramas/round-panoramas.projection.js';
import { soloGameProjection } from './solo-game/solo-game.projection.js';
import { userProfileProjection } from './user-profile/user-profile.projection.js';

export const allProjections: readonly Projection[] = [
  userProfileProjection,
  leaderboardsProjection,
  soloGameProjection,
  roundPanoramasProjection,
  openDuelsProjection,
  arenaRatingsProjection,
  liveGamesProjection,
  mapsProjection,
  mapLocationsProjection,
  mapLikesProjection,
  challengesProjection,
  challengeProgressProjection,
  challengeCommentsProjection,
  playerHistoryProjection,
  operatorReportsProjection,
  duelHistoryProjection,
];
