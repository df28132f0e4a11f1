import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnack } from '../../lib/layout/snacks';

/** SPEC §2 rotate-device hint: landscape, under 600 px tall, on a device that also works in portrait. */
const ROTATE_QUERY = '(orientation: landscape) and (max-height: 599.98px) and (pointer: coarse)';
const ROTATE_HINT_MS = 15_000;

export function useRotateDeviceHint(): void {
  const { t } = useTranslation();
  useEffect(() => {
    const list = window.matchMedia(ROTATE_QUERY);
    let shown = false;
    const check = () => {
      if (shown || !list.matches) return;
      shown = true;
      showSnack({ id: 'rotate-device', message: t('snack.rotateDevice'), durationMs: ROTATE_HINT_MS });
    };
    check();
    list.addEventListener('change', check);
    return () => list.removeEventListener('change', check);
  }, [t]);
}
