/**
 * Whether an Escape keydown's target is a control whose popup is open, so the dialog leaves the Escape to it:
 * a select, cascader or tree select (its aria-expanded is still true while its own handler closes the popup),
 * or a date or time picker (no aria-expanded: its popup is a picker dropdown not yet hidden).
 */
export function escapeClosesPopup(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[aria-expanded="true"]') !== null) return true;
  return target.closest('.ant-picker') !== null && target.ownerDocument.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)') !== null;
}
