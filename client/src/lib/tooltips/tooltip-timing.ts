/** SPEC §9 tooltip delays: 100 ms to appear under a mouse, a 700 ms press on touch, gone 1500 ms after the finger lifts. */
export const TOOLTIP_ENTER_MS = 100;
export const TOOLTIP_TOUCH_ENTER_MS = 700;
export const TOOLTIP_TOUCH_LEAVE_MS = 1_500;

export type TooltipInput = 'mouse' | 'touch' | 'focus';

/** How long after the pointer (or focus) arrives the tooltip shows. */
export function enterDelay(input: TooltipInput): number {
  return input === 'touch' ? TOOLTIP_TOUCH_ENTER_MS : TOOLTIP_ENTER_MS;
}

/** How long after the pointer leaves (or the finger lifts) it stays: touch keeps it long enough to read. */
export function leaveDelay(input: TooltipInput): number {
  return input === 'touch' ? TOOLTIP_TOUCH_LEAVE_MS : 0;
}

/** Where the tooltip goes: below its element, or above when there is no room; kept inside the viewport. */
export function tooltipPosition(
  anchor: { left: number; top: number; width: number; height: number },
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 8,
): { left: number; top: number; placement: 'below' | 'above' } {
  const below = anchor.top + anchor.height + gap;
  const placement = below + tip.height <= viewport.height - gap ? 'below' : 'above';
  const top = placement === 'below' ? below : Math.max(gap, anchor.top - gap - tip.height);
  const centred = anchor.left + anchor.width / 2 - tip.width / 2;
  const left = Math.min(Math.max(gap, centred), Math.max(gap, viewport.width - gap - tip.width));
  return { left, top, placement };
}
