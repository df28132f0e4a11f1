import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { enterDelay, leaveDelay, tooltipPosition, type TooltipInput } from '../lib/tooltips/tooltip-timing';

interface Shown {
  text: string;
  anchor: Element;
}

/**
 * One tooltip for the whole page, drawn for any element with a `title`, with SPEC §9's delays instead of
 * the browser's own (which waits about a second and never shows on touch). While shown, the title moves to
 * `data-title` so the browser's tooltip does not double it. It repeats what the element's name already
 * says, so assistive technologies skip it (aria-hidden).
 */
export function TooltipLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: Element | null = null;
    const restore = (element: Element | null) => {
      const saved = element?.getAttribute('data-title');
      if (element && saved !== null && saved !== undefined) {
        element.setAttribute('title', saved);
        element.removeAttribute('data-title');
      }
    };
    const hide = (after: number) => {
      clearTimeout(timer);
      const leaving = current;
      current = null;
      timer = setTimeout(() => {
        restore(leaving);
        setShown(null);
      }, after);
    };
    const show = (target: EventTarget | null, input: TooltipInput) => {
      const element = target instanceof Element ? target.closest('[title], [data-title]') : null;
      if (!element || element === current) return;
      restore(current);
      clearTimeout(timer);
      current = element;
      const text = element.getAttribute('title') ?? element.getAttribute('data-title') ?? '';
      if (!text.trim()) return;
      element.setAttribute('data-title', text);
      element.removeAttribute('title');
      timer = setTimeout(() => setShown({ text, anchor: element }), enterDelay(input));
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') show(event.target, 'mouse');
    };
    const onPointerOut = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || !current) return;
      const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
      if (next && current.contains(next)) return;
      hide(leaveDelay('mouse'));
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'touch') show(event.target, 'touch');
      else if (current) hide(0);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType === 'touch' && current) hide(leaveDelay('touch'));
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.matches(':focus-visible')) show(event.target, 'focus');
    };
    const onFocusOut = () => current && hide(0);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current) hide(0);
    };
    document.addEventListener('pointerover', onPointerOver, true);
    document.addEventListener('pointerout', onPointerOut, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    document.addEventListener('focusin', onFocusIn, true);
    document.addEventListener('focusout', onFocusOut, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(timer);
      restore(current);
      document.removeEventListener('pointerover', onPointerOver, true);
      document.removeEventListener('pointerout', onPointerOut, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onPointerUp, true);
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('focusout', onFocusOut, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);

  useLayoutEffect(() => {
    if (!shown || !tipRef.current) return setPosition(null);
    if (!shown.anchor.isConnected) return setShown(null);
    const anchor = shown.anchor.getBoundingClientRect();
    const tip = tipRef.current.getBoundingClientRect();
    setPosition(tooltipPosition(anchor, tip, { width: window.innerWidth, height: window.innerHeight }));
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div
      ref={tipRef}
      className="tooltip"
      aria-hidden="true"
      data-testid="tooltip"
      style={position ? { left: position.left, top: position.top } : { left: -9999, top: -9999 }}
    >
      {shown.text}
    </div>,
    document.body,
  );
}
