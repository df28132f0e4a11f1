import { greatCircleDistance, initialBearing, type LatLng, MAX_PANORAMA_MOVES, type PanoramaMove, type RoundPanoramaDoc, type RoundScene, servedBearing } from '@globetrail/contracts';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { ImageryUnavailableError } from '../../imagery/imagery.port.js';
import type { MoveTokens } from '../../imagery/proxy/move-tokens.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { roundPanorama } from '../../projections/round-panoramas/round-panoramas.queries.js';
import { soloGame } from '../../projections/solo-game/solo-game.queries.js';
import type { PictureRequester } from '../../imagery/proxy/picture-variants.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { blinkPictureState } from '../../domain/blink-picture.js';
import { readGame } from '../games/read-game.js';

/** The picture behind a `/pano/{token}`: a round's own, or one a player of that round moved to. */
export interface TokenPicture {
  provider: string;
  imageId: string;
  roundToken: string;
  /** The round's own picture: a move back to it is the round's token again, not a new one. */
  roundImageId: string;
  /** Null for a round projected before pictures kept their position: it offers no moves. */
  location: LatLng | null;
  /** A No Move or NMPZ round (challenges' `nm`, `nmpz`): the server offers it no moves. */
  fixed?: boolean;
  /** The round's turn (PanoramaRef.yawOffset): its pictures are served turned by it, and bearings given relative to it. 0: not turned. */
  yawOffset: number;
  /** The bearing this picture's own centre faces (PanoramaCandidate.centre): it is turned by yawOffset − centre. 0: north. */
  centre: number;
  /** The round's own scene of a painted picture (PanoramaRef.scene); absent for photographs and moves. */
  scene?: RoundScene;
  /** Who the picture is fetched for, and whether their clock runs: its place in the picture queue. */
  requester: PictureRequester;
  /** An NMPZ round's picture: only the window around its start view is served (FIXED_VIEW_WINDOW). */
  window?: { heading: number };
  /** A Blink round's picture: served only while it shows (blinkPictureState). */
  blink?: { gameId: string; roundIndex: number; hidesAt?: number };
}

const blinkOf = (round: RoundPanoramaDoc) => (round.blink ? { blink: { gameId: round.gameId, roundIndex: round.roundIndex, ...round.blink } } : {});

/** What a map editor's preview seals as its "round": a preview stands for no round, and opens without one. */
const PREVIEW_ROUND = 'preview';

/** Closer than this, a neighbour is the same spot taken again: no direction leads to it. */
const SAME_SPOT_METERS = 0.5;

/**
 * Resolves `/pano/` tokens and lists the moves on from a picture. Round tokens come from the round
 * panoramas read model; move tokens are sealed here and name their round, which must still be known.
 */
export class PanoramaPictures {
  constructor(
    private readonly reads: ReadStore,
    private readonly imagery: ImageryRegistry,
    private readonly tokens: MoveTokens,
    private readonly events: EventStore,
  ) {}

  /** Null for a token that is neither a known round's nor one this server sealed. */
  async resolve(token: string): Promise<TokenPicture | null> {
    const moved = this.tokens.open(token);
    // A preview is not turned: the author's own heading for the location is a compass bearing.
    if (moved?.roundToken === PREVIEW_ROUND) return { ...moved, roundImageId: '', yawOffset: 0, centre: moved.centre ?? 0, requester: { key: 'preview' } };
    if (moved) {
      const round = await roundPanorama(this.reads, moved.roundToken);
      return round && { ...moved, roundImageId: round.imageId, yawOffset: round.yawOffset ?? 0, centre: moved.centre ?? 0, requester: await this.requesterOf(round), ...blinkOf(round) };
    }
    const round = await roundPanorama(this.reads, token);
    return (
      round && {
        requester: await this.requesterOf(round),
        provider: round.provider,
        imageId: round.imageId,
        roundToken: round.id,
        roundImageId: round.imageId,
        location: round.location ?? null,
        fixed: round.movement !== undefined && round.movement !== 'move',
        yawOffset: round.yawOffset ?? 0,
        centre: round.centre ?? 0,
        ...(round.scene ? { scene: round.scene } : {}),
        ...(round.movement === 'none' ? { window: { heading: round.heading ?? 0 } } : {}),
        ...blinkOf(round),
      }
    );
  }

  /**
   * Whether the picture may be served now: always, except a Blink round's outside its few seconds. A live
   * round's windows are each player's own (PlayerStartedViewing), read from the game's stream: a Blink
   * round's picture is fetched once or twice a player, never on a hot path.
   */
  async showing(picture: TokenPicture, now: number): Promise<'shown' | 'not_started' | 'hidden'> {
    const blink = picture.blink;
    if (!blink) return 'shown';
    if (blink.hidesAt !== undefined) return blinkPictureState({ kind: 'one', hidesAt: blink.hidesAt }, now);
    const game = await readGame(this.events, blink.gameId);
    const round = game?.live.rounds.find((candidate) => candidate.index === blink.roundIndex);
    if (!game || !round) return 'not_started';
    return blinkPictureState({ kind: 'players', seconds: game.live.rl, hidesAt: Object.values(round.hidesAt), ended: round.ended }, now);
  }

  /**
   * Who a round's pictures are fetched for: a live game's players together (their clock runs), a challenge
   * round's player, a solo game's player (their clock runs when the game has a time limit). Picture
   * addresses carry no identity (an image request sends no token), so the round says whose it is.
   */
  private async requesterOf(round: RoundPanoramaDoc): Promise<PictureRequester> {
    if (round.kind === 'live') return { key: `live:${round.gameId}`, urgent: true };
    if (round.kind === 'challenge') return { key: `player:${round.owner ?? round.gameId}`, urgent: round.timed === true };
    const solo = await soloGame(this.reads, round.gameId);
    if (solo) return { key: `player:${solo.playerId}`, urgent: (solo.settings?.rl ?? 0) > 0 };
    return { key: `game:${round.gameId}` };
  }

  /**
   * A `/pano/{token}` address for a picture a map author previews in the editor. The author chose the
   * location, so the picture tells them nothing; the token is sealed like a move's and needs no storage.
   */
  previewToken(picture: { provider: string; imageId: string; location: LatLng; centre?: number }): string {
    return this.tokens.seal({ provider: picture.provider, imageId: picture.imageId, roundToken: PREVIEW_ROUND, location: picture.location, ...(picture.centre ? { centre: picture.centre } : {}) });
  }

  /**
   * The provider's sequence neighbours of the picture, each under a new move token and at its bearing from
   * the picture, relative to the round's turn like its heading (every picture of a round is turned alike,
   * so the viewer keeps facing the way it moved); [] for providers without sequences (the offline
   * pictures). Throws ImageryUnavailableError when the provider cannot answer.
   */
  async moves(picture: TokenPicture): Promise<PanoramaMove[]> {
    const from = picture.location;
    if (!from || picture.fixed) return [];
    const provider = this.imagery.get(picture.provider);
    if (!provider) throw new ImageryUnavailableError(`imagery provider ${picture.provider} is not configured`);
    const neighbours = (await provider.neighbours?.(picture.imageId)) ?? [];
    const seen = new Set([picture.imageId]);
    const moves: PanoramaMove[] = [];
    for (const neighbour of neighbours) {
      if (moves.length === MAX_PANORAMA_MOVES) break;
      if (seen.has(neighbour.imageId) || greatCircleDistance(from, neighbour.location) < SAME_SPOT_METERS) continue;
      seen.add(neighbour.imageId);
      const token =
        neighbour.imageId === picture.roundImageId
          ? picture.roundToken
          : this.tokens.seal({ provider: picture.provider, imageId: neighbour.imageId, roundToken: picture.roundToken, location: neighbour.location, ...(neighbour.centre ? { centre: neighbour.centre } : {}) });
      // A tenth of a degree is finer than any arrow is drawn.
      moves.push({ token, bearing: servedBearing(initialBearing(from, neighbour.location), picture.yawOffset) });
    }
    return moves;
  }
}
