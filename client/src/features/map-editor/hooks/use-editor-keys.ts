import { useEffect, useRef } from 'react';

interface EditorKeys {
  onSave: () => void;
  /** Delete or Backspace with a location selected. */
  onRemove: (() => void) | null;
  /** Escape with a location selected. */
  onDeselect: (() => void) | null;
}

/**
 * The editor's shortcuts: Ctrl/Cmd+S saves from anywhere; Delete/Backspace removes the selected location
 * and Escape deselects it, unless focus is in a text field (where those keys edit text) or a window is open.
 */
export function useEditorKeys(keys: EditorKeys): void {
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { onSave, onRemove, onDeselect } = keysRef.current;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        onSave();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector('dialog[open]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (target.closest('input, textarea, select') || target.isContentEditable)) return;
      if ((event.key === 'Delete' || event.key === 'Backspace') && onRemove) {
        event.preventDefault();
        onRemove();
      } else if (event.key === 'Escape' && onDeselect) {
        event.preventDefault();
        onDeselect();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
