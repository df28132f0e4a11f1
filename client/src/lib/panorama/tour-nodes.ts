import { type PanoramaMove, panoramaPath } from '@globetrail/contracts';
import { utils } from '@photo-sphere-viewer/core';
import type { VirtualTourLink, VirtualTourNode } from '@photo-sphere-viewer/virtual-tour-plugin';
import { fetchPanoramaMoves } from '../api/panorama-moves';

/** A link's bearing (the viewer's yaw in degrees, as the server gives it), kept beside the position the plugin reads. */
export type MoveLink = VirtualTourLink & { data: { bearing: number } };

/** The token in a `/pano/{token}` address. */
export const panoramaToken = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/**
 * A picture as the virtual tour plugin's server mode wants it: its address, and a link per move placed at
 * the move's bearing. The server turns every picture of a round by the same secret angle and gives the
 * round's heading and every bearing in that frame, so a bearing is the yaw to place the link at.
 */
export function tourNode(token: string, moves: PanoramaMove[]): VirtualTourNode {
  const links: MoveLink[] = moves.map((move) => ({ nodeId: move.token, position: { yaw: `${move.bearing}deg`, pitch: 0 }, data: { bearing: move.bearing } }));
  return { id: token, panorama: panoramaPath(token), links };
}

/** One round's pictures by token: each picture's moves are asked for once; a failed ask is asked again. */
export class TourNodes {
  private readonly nodes = new Map<string, Promise<VirtualTourNode>>();

  get(token: string): Promise<VirtualTourNode> {
    let node = this.nodes.get(token);
    if (!node) {
      node = fetchPanoramaMoves(token).then((moves) => tourNode(token, moves));
      this.nodes.set(token, node);
      node.catch(() => this.nodes.delete(token));
    }
    return node;
  }
}

/** The link nearest the view direction (`yaw` in radians), when it lies in the front half of the view. */
export function linkAhead(links: readonly VirtualTourLink[], yaw: number): MoveLink | null {
  let best: { link: MoveLink; offset: number } | null = null;
  for (const link of links as readonly MoveLink[]) {
    const offset = Math.abs(utils.getShortestArc(yaw, (link.data.bearing * Math.PI) / 180));
    if (offset <= Math.PI / 2 && (!best || offset < best.offset)) best = { link, offset };
  }
  return best?.link ?? null;
}
