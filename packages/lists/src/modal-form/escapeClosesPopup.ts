/**
 * Whether an Escape keydown's target is a control whose popup is open (a select, tree select or picker: its
 * aria-expanded is still true while its own handler closes the popup). The dialog then leaves the Escape to it.
 */
export function escapeClosesPopup(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-expanded="true"]') !== null;
}
