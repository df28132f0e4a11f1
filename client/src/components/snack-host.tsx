import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackActions, useSnacks, type Snack } from '../lib/layout/snacks';

/** Where snacks may sit, in order of preference: under the toolbar, at the bottom, in the middle. */
const PLACES = ['top', 'bottom', 'middle'] as const;
type Place = (typeof PLACES)[number];
/** While snacks show, how often their place is checked again (a screen below them may have changed). */
const RECHECK_MS = 400;

/** What a snack must leave uncovered: controls (a toast must never take a click meant for one) and notes the screen shows (a hint, an alert). */
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="slider"], aside, [role="note"], [role="alert"]';

/** Whether the box lies over a control or a note the player can see now. */
function coversControl(host: HTMLElement): boolean {
  const box = host.getBoundingClientRect();
  if (box.width === 0) return false;
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (host.contains(control) || (control as HTMLButtonElement).disabled || control.closest('[inert]')) continue;
    const rect = control.getBoundingClientRect();
    if (rect.right <= box.left || rect.left >= box.right || rect.bottom <= box.top || rect.top >= box.bottom) continue;
    if (control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
  }
  return false;
}

/** Short messages (SPEC §2 snack messages), each hiding itself, placed where they cover no control. */
export function SnackHost() {
  const snacks = useSnacks();
  const hostRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place>('top');
  const shown = snacks.length > 0;

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !shown) return;
    const choose = () => {
      const before = host.dataset.place as Place | undefined;
      for (const candidate of PLACES) {
        host.dataset.place = candidate;
        if (!coversControl(host)) {
          if (candidate !== before) setPlace(candidate);
          return;
        }
      }
      // Nowhere free (a screen full of controls): the least disturbing place.
      host.dataset.place = before ?? 'top';
    };
    choose();
    const timer = window.setInterval(choose, RECHECK_MS);
    window.addEventListener('resize', choose);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', choose);
    };
  }, [shown, snacks.length]);

  return (
    <div ref={hostRef} className="snack-host" data-place={place} role="status" aria-live="polite">
      {snacks.map((snack) => (
        <SnackItem key={snack.id} snack={snack} />
      ))}
    </div>
  );
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useTranslation();
  const { dismiss } = useSnackActions();

  useEffect(() => {
    const timer = setTimeout(() => dismiss(snack.id), snack.durationMs);
    return () => clearTimeout(timer);
  }, [dismiss, snack.id, snack.durationMs]);

  return (
    <div className="snack" data-testid="snack">
      <span className="snack__message">{snack.message}</span>
      {snack.action && (
        <button
          type="button"
          className="snack__action"
          onClick={() => {
            snack.action?.onClick();
            dismiss(snack.id);
          }}
        >
          {snack.action.label}
        </button>
      )}
      <button type="button" className="icon-button icon-button--small" aria-label={t('common.dismiss')} onClick={() => dismiss(snack.id)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6 6.4 5Z" fill="currentColor" />
        </svg>
      </button>
    </div>
  );
}
