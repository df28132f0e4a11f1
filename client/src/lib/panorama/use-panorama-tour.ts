import { CONSTANTS, type Viewer } from '@photo-sphere-viewer/core';
import { type VirtualTourLink, VirtualTourPlugin } from '@photo-sphere-viewer/virtual-tour-plugin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { linkAhead, type MoveLink, panoramaToken, TourNodes } from './tour-nodes';

export type TourStatus =
  | { kind: 'idle' }
  | { kind: 'moving' }
  /** `moves`: the ways on from the round's picture did not load; `move`: a move did not happen. */
  | { kind: 'failed'; failure: 'moves' | 'move'; retry: () => void };

interface TourOptions {
  viewer: Viewer | null;
  /** The round's picture has loaded: its moves are attached then, never before the picture shows. */
  ready: boolean;
  enabled: boolean;
  url: string;
  heading: number;
  arrowLabel: (bearing: number) => string;
}

const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">' +
  '<circle cx="50" cy="50" r="40" fill="rgb(12 15 20 / 45%)" stroke="currentColor" stroke-width="6"/>' +
  '<path d="M30 62 L50 40 L70 62" fill="none" stroke="currentColor" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/></svg>';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Movement along the provider's sequence with Photo Sphere Viewer's virtual tour plugin in server mode:
 * each picture is a node whose links are its moves (GET /pano/{token}/moves), drawn as arrows on the
 * ground. The round's picture is shown first and its moves attached once both have loaded, so a slow
 * provider never delays the picture. Every move fetches the next picture's moves and bytes before the
 * plugin changes node: a move that fails leaves the player on the picture they were on, arrows and all.
 *
 * The arrows are buttons (with the capture class, so the viewer does not take their clicks for its own),
 * so a mouse, a touch, Enter and Space all move through `moveTo`.
 */
export function usePanoramaTour({ viewer, ready, enabled, url, heading, arrowLabel }: TourOptions) {
  const startToken = panoramaToken(url);
  const [nodes] = useState(() => new TourNodes());
  const [status, setStatus] = useState<TourStatus>({ kind: 'idle' });
  const [atStart, setAtStart] = useState(true);
  const [attachAttempt, setAttachAttempt] = useState(0);
  const busy = useRef(false);
  const mounted = useRef(true);
  const moveRef = useRef<(nodeId: string, link: VirtualTourLink | null) => void>(() => undefined);
  const labelRef = useRef(arrowLabel);
  labelRef.current = arrowLabel;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const plugin = useMemo(
    () =>
      VirtualTourPlugin.withConfig({
        dataMode: 'server',
        positionMode: 'manual',
        renderMode: '3d',
        getNode: (id) => nodes.get(id),
        preload: false,
        showLinkTooltip: false,
        linksOnCompass: false,
        transitionOptions: () => (reducedMotion() ? { showLoader: false, effect: 'none', rotation: false } : { showLoader: false, effect: 'fade', speed: '20rpm', rotation: true }),
        arrowStyle: {
          element: (link) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.className = `psv-virtual-tour-arrow panorama__arrow ${CONSTANTS.CAPTURE_EVENTS_CLASS}`;
            const label = labelRef.current((link as MoveLink).data.bearing);
            button.setAttribute('aria-label', label);
            button.title = label;
            button.innerHTML = ARROW_SVG;
            button.addEventListener('click', () => moveRef.current(link.nodeId, link));
            return button;
          },
        },
      }),
    [nodes],
  );

  const tourOf = (at: Viewer) => at.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);

  useEffect(() => {
    if (!viewer || !enabled || !ready) return;
    const tour = tourOf(viewer);
    if (tour.getCurrentNode()) return;
    let current = true;
    nodes
      .get(startToken)
      // The picture is on screen already (and in the viewer's cache): this only adds its arrows.
      .then(() => current && tour.setCurrentNode(startToken, { effect: 'none', rotation: false, showLoader: false, rotateTo: viewer.getPosition(), zoomTo: viewer.getZoomLevel() }))
      .catch(() => {
        if (!current) return;
        viewer.hideError();
        const retry = () => {
          setStatus({ kind: 'idle' });
          setAttachAttempt((n) => n + 1);
        };
        setStatus({ kind: 'failed', failure: 'moves', retry });
      });
    return () => {
      current = false;
    };
  }, [viewer, enabled, ready, startToken, nodes, attachAttempt]);

  const moveTo = async (nodeId: string, link: VirtualTourLink | null) => {
    if (!viewer || busy.current) return;
    const tour = tourOf(viewer);
    if (!tour.getCurrentNode()) return;
    busy.current = true;
    setStatus({ kind: 'moving' });
    let handedOver = false;
    try {
      const node = await nodes.get(nodeId);
      await viewer.textureLoader.preloadPanorama(node.panorama);
      if (!mounted.current) return;
      handedOver = true;
      // Back to start faces the way the round began; a move faces the way it went.
      const back = link === null ? { rotateTo: { yaw: (heading * Math.PI) / 180, pitch: 0 }, zoomTo: 0 } : undefined;
      const moved = await tour.setCurrentNode(nodeId, back, link ?? undefined);
      if (!mounted.current) return;
      setStatus({ kind: 'idle' });
      if (moved) setAtStart(nodeId === startToken);
    } catch {
      if (!mounted.current) return;
      viewer.hideError();
      setStatus({ kind: 'failed', failure: 'move', retry: () => void moveRef.current(nodeId, link) });
      // The plugin clears the arrows before it changes picture: put the current picture's back.
      const here = tour.getCurrentNode();
      if (handedOver && here) {
        void tour
          .setCurrentNode(here.id, { forceUpdate: true, effect: 'none', rotation: false, showLoader: false, rotateTo: viewer.getPosition(), zoomTo: viewer.getZoomLevel() })
          .catch(() => undefined);
      }
    } finally {
      busy.current = false;
    }
  };
  moveRef.current = (nodeId, link) => void moveTo(nodeId, link);

  return {
    plugin: enabled ? plugin : null,
    status,
    atStart,
    /** Along the link nearest the view direction, if one lies ahead. */
    moveAhead() {
      const here = viewer && enabled ? tourOf(viewer).getCurrentNode() : null;
      const link = here && linkAhead(here.links ?? [], viewer!.getPosition().yaw);
      if (link) moveRef.current(link.nodeId, link);
    },
    backToStart() {
      if (enabled) moveRef.current(startToken, null);
    },
  };
}
