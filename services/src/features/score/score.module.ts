import { Module } from '@nestjs/common';
import { ScoreController } from './score.controller.js';
import { SubmitScoreHandler } from './score.handlers.js';

@Module({ controllers: [ScoreController], providers: [SubmitScoreHandler] })
export class ScoreModule {}
