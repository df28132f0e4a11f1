import { Command, Query } from '@nestjs/cqrs';
import type { PlaceGuessRequest, PlaceGuessResponse, SoloGameView, SoloRoundView, StartSoloGameInput, StartSoloGameResponse, StartSoloRoundRequest } from '@globetrail/contracts';

export class StartSoloGame extends Command<StartSoloGameResponse> {
  constructor(
    readonly playerId: string,
    readonly request: StartSoloGameInput,
  ) {
    super();
  }
}

export class StartSoloRound extends Command<SoloRoundView> {
  constructor(
    readonly playerId: string,
    readonly gameId: string,
    readonly request: StartSoloRoundRequest,
  ) {
    super();
  }
}

export class PlaceSoloGuess extends Command<PlaceGuessResponse> {
  constructor(
    readonly playerId: string,
    readonly gameId: string,
    readonly request: PlaceGuessRequest,
  ) {
    super();
  }
}

export class GetSoloGame extends Query<SoloGameView> {
  constructor(
    readonly playerId: string,
    readonly gameId: string,
  ) {
    super();
  }
}
