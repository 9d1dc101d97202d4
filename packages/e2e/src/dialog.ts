/**
 * antd dialogs (Modal) on a loaded machine: a click during the dialog's opening zoom may land beside its target
 * (a checkbox clicked then "did not change its state"), so a step waits for the motion to end first.
 */
import type { Locator, Page } from 'playwright-core';

/** Waits until `dialog` (the element with role dialog, antd's `.ant-modal`) is shown and done with its opening motion. */
export async function dialogSettled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate(
    (panel) =>
      new Promise<void>((resolve) => {
        const settled = () => !/-(enter|appear)\b/.test(panel.className) && panel.getBoundingClientRect().height > 0;
        const poll = () => (settled() ? resolve() : requestAnimationFrame(poll));
        poll();
      }),
  );
}

/** The dialog titled `title`, once shown and done with its opening motion (a click during the zoom may miss). */
export async function openModal(page: Page, title: string): Promise<Locator> {
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await dialogSettled(dialog);
  return dialog;
}

/** The confirmation dialog (Modal.confirm) saying `text`, once shown and done with its opening motion. */
export async function confirmDialog(page: Page, text: string): Promise<Locator> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await dialogSettled(dialog);
  return dialog;
}
