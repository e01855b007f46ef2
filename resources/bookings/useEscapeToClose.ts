import { useEffect } from 'react';

/**
 * Esc closes the panel (as it closes a drawer), unless a popup is open: a dialog or the date
 * picker's calendar takes its own Esc. The field being typed in is left first, so what was typed
 * saves on its blur as it would on a click elsewhere.
 */
export function useEscapeToClose(onClose: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (document.querySelector('[role="dialog"], [role="presentation"].MuiModal-root')) return;
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
}
