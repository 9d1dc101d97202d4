import type { KeyboardEvent } from 'react';

/**
 * Whether an Escape keydown's target is a control whose popup is open (a select, tree select or picker: its
 * aria-expanded is still true while its own handler closes the popup). The dialog then leaves the Escape to it.
 */
export function escapeClosesPopup(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-expanded="true"]') !== null;
}

/**
 * wrapProps for an antd Modal that closes on an Escape pressed inside it, whatever else is open. antd hands an
 * Escape only to the portal registered last, and a force-rendered form (always registered, even closed) mounted
 * after a dialog, e.g. the Format dialog inside Export Items, would take it; an Escape that closes a select's
 * popup of the dialog closes only that popup.
 */
export function escapeClosesDialog(open: boolean, close: () => void) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      if (escapeClosesPopup(event.target)) return;
      close();
    },
  };
}
