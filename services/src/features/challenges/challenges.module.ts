import { Module } from '@nestjs/common';
import { ChallengeAccess } from './challenge-access.js';
import { ChallengesController } from './challenges.controller.js';
import {
  CommentChallengeHandler,
  CreateChallengeHandler,
  GetChallengeHandler,
  GetChallengeProgressHandler,
  JoinChallengeHandler,
  LeaveChallengeHandler,
  ListChallengesHandler,
  RateChallengeHandler,
  RecordDailyVisitHandler,
  ScoreChallengeRoundHandler,
  StartChallengeRoundHandler,
} from './challenges.handlers.js';
import { DailyChallengeMaker, GetDailyChallengesHandler } from './daily-challenges.js';

@Module({
  controllers: [ChallengesController],
  providers: [
    ChallengeAccess,
    DailyChallengeMaker,
    CreateChallengeHandler,
    JoinChallengeHandler,
    LeaveChallengeHandler,
    StartChallengeRoundHandler,
    ScoreChallengeRoundHandler,
    RateChallengeHandler,
    CommentChallengeHandler,
    RecordDailyVisitHandler,
    GetChallengeHandler,
    GetChallengeProgressHandler,
    ListChallengesHandler,
    GetDailyChallengesHandler,
  ],
})
export class ChallengesModule {}
