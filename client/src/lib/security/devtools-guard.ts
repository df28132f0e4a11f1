/** SPEC §8/§9: the page checks every 1000 ms; a pause over 900 ms means Developer Tools stopped it. */
export const DEVTOOLS_CHECK_MS = 1_000;
export const DEVTOOLS_PAUSE_MS = 900;

export interface DetectorClock {
  now(): number;
  /** Runs `check` every `ms`; returns the stop. */
  every(ms: number, check: () => void): () => void;
  /** Stops for as long as Developer Tools hold the page (a `debugger` statement); returns at once otherwise. */
  probe(): void;
}

/** Calls `onDetected` once, with the pause measured, when a probe was held longer than 900 ms. */
export function watchForDevTools(clock: DetectorClock, onDetected: (pausedMs: number) => void): () => void {
  let stopped = false;
  const stop = clock.every(DEVTOOLS_CHECK_MS, () => {
    if (stopped) return;
    const started = clock.now();
    clock.probe();
    const paused = clock.now() - started;
    if (paused <= DEVTOOLS_PAUSE_MS) return;
    stopped = true;
    stop();
    onDetected(paused);
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** SPEC §6: a few privileged accounts, by user-id prefix, are exempt from the check. */
export function isExempt(uid: string | null, prefixes: readonly string[]): boolean {
  return uid !== null && prefixes.some((prefix) => prefix.length > 0 && uid.startsWith(prefix));
}

/** The keys that open Developer Tools or the page source: F12, Ctrl+Shift+I/J/C, Ctrl+U (⌘⌥I/J/C, ⌘U on a Mac). */
export function isDevToolsShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const key = event.key.toLowerCase();
  if (key === 'f12') return true;
  const command = event.ctrlKey || event.metaKey;
  if (command && (event.shiftKey || event.altKey) && ['i', 'j', 'c'].includes(key)) return true;
  return command && !event.shiftKey && !event.altKey && key === 'u';
}

/** Blocks the shortcuts, the context menu (text fields keep theirs), ctrl-wheel zoom, and silences the console. */
export function lockDownPage(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (isDevToolsShortcut(event)) event.preventDefault();
  };
  const onContextMenu = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('input, textarea, [contenteditable="true"]')) return;
    event.preventDefault();
  };
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey) event.preventDefault();
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('contextmenu', onContextMenu, true);
  window.addEventListener('wheel', onWheel, { capture: true, passive: false });
  const silenced = ['log', 'info', 'debug', 'warn', 'error', 'table', 'dir', 'trace'] as const;
  const originals = silenced.map((name) => [name, console[name]] as const);
  for (const name of silenced) console[name] = () => undefined;
  return () => {
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('contextmenu', onContextMenu, true);
    window.removeEventListener('wheel', onWheel, { capture: true });
    for (const [name, original] of originals) console[name] = original as never;
  };
}
