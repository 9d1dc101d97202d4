import { useEffect, useRef } from 'react';
import { escapeClosesPopup } from './escapeClosesPopup';

/**
 * One stack of the open dialogs of @portal/lists (ModalForm, Export Items, the Format dialog over Export Items):
 * an Escape closes only the dialog opened last, wherever the focus is. antd's own Escape handling cannot be used:
 * it hands an Escape to the portal registered last, and a force-rendered ModalForm counts as one even closed (the
 * closed Format form inside Export Items would take it), and while a dialog's focus has not moved in yet (during
 * its opening motion) the Escape reached the dialog beneath it: Export Items closed and Format stayed open.
 */
export const STACKED_DIALOG_ATTRIBUTE = 'data-stacked-dialog';

export interface StackedDialog {
  close: () => void;
}

const openDialogs: StackedDialog[] = [];

/**
 * The dialog a keydown closes: the top of the stack on an Escape, unless it closes an open popup of a control, is
 * typed in an input method (IME), or is pressed inside another dialog (an antd confirm over the stack: antd's).
 */
export function dialogClosedBy(event: KeyboardEvent): StackedDialog | undefined {
  if (event.key !== 'Escape' || event.isComposing) return undefined;
  const top = openDialogs[openDialogs.length - 1];
  if (!top || escapeClosesPopup(event.target)) return undefined;
  const wrap = event.target instanceof Element ? event.target.closest('.ant-modal-wrap') : null;
  return wrap && !wrap.hasAttribute(STACKED_DIALOG_ATTRIBUTE) ? undefined : top;
}

/** Window capture: runs before any handler of the page (a popup's aria-expanded is still as the user saw it). */
function onKeyDown(event: KeyboardEvent): void {
  const dialog = dialogClosedBy(event);
  if (!dialog) return;
  event.stopPropagation();
  dialog.close();
}

function push(dialog: StackedDialog): void {
  if (openDialogs.length === 0) window.addEventListener('keydown', onKeyDown, true);
  openDialogs.push(dialog);
}

function remove(dialog: StackedDialog): void {
  const index = openDialogs.indexOf(dialog);
  if (index >= 0) openDialogs.splice(index, 1);
  if (openDialogs.length === 0) window.removeEventListener('keydown', onKeyDown, true);
}

/** Props for the antd Modal of a stacked dialog: antd's Escape off, the wrap marked as one of the stack. */
export const STACKED_MODAL_PROPS = { keyboard: false, wrapProps: { [STACKED_DIALOG_ATTRIBUTE]: '' } } as const;

/**
 * Puts a dialog on the stack while `open` (in the order of opening, not of mounting); an Escape on top of the
 * stack calls the latest `close`. Spread the answer on the dialog's Modal.
 */
export function useStackedDialog(open: boolean, close: () => void): typeof STACKED_MODAL_PROPS {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return undefined;
    const dialog: StackedDialog = { close: () => latestClose.current() };
    push(dialog);
    return () => remove(dialog);
  }, [open]);
  return STACKED_MODAL_PROPS;
}
