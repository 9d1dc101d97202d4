import { renderHook } from '@testing-library/react';
import { STACKED_DIALOG_ATTRIBUTE, useStackedDialog } from './dialogStack';

/** A dialog on the stack whose `open` a test sets; `close` counts the Escapes it got. */
function dialog(open: boolean) {
  const close = jest.fn();
  const hook = renderHook(({ isOpen }) => useStackedDialog(isOpen, close), { initialProps: { isOpen: open } });
  return { close, setOpen: (isOpen: boolean) => hook.rerender({ isOpen }), unmount: hook.unmount };
}

/** Presses a key on `target` (the page's body by default) the way the browser dispatches it; true if not stopped. */
function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}): boolean {
  let reachedWindow = false;
  const listener = () => {
    reachedWindow = true;
  };
  window.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
  window.removeEventListener('keydown', listener);
  return reachedWindow;
}

/** An element inside a dialog wrap like antd's, marked as one of the stack's or not. */
function inWrap(stacked: boolean): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'ant-modal-wrap';
  if (stacked) wrap.setAttribute(STACKED_DIALOG_ATTRIBUTE, '');
  const button = document.createElement('button');
  wrap.append(button);
  document.body.append(wrap);
  return button;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useStackedDialog', () => {
  it("turns antd's own Escape handling off and marks the dialog's wrap", () => {
    const { result } = renderHook(() => useStackedDialog(true, jest.fn()));
    expect(result.current).toEqual({ keyboard: false, wrapProps: { [STACKED_DIALOG_ATTRIBUTE]: '' } });
  });

  it('Escape closes only the dialog opened last, wherever the focus is, then the one beneath', () => {
    const exportItems = dialog(true);
    const format = dialog(false);
    format.setOpen(true);
    // The focus still on the Format button inside Export Items (Format's opening motion not over).
    expect(press('Escape', inWrap(true))).toBe(false);
    expect(format.close).toHaveBeenCalledTimes(1);
    expect(exportItems.close).not.toHaveBeenCalled();
    format.setOpen(false);
    press('Escape');
    expect(exportItems.close).toHaveBeenCalledTimes(1);
    expect(format.close).toHaveBeenCalledTimes(1);
  });

  it('goes by the order of opening, not of mounting: a closed dialog mounted later takes no Escape', () => {
    const later = dialog(false);
    const opened = dialog(true);
    press('Escape');
    expect(opened.close).toHaveBeenCalledTimes(1);
    later.setOpen(true);
    press('Escape');
    expect(later.close).toHaveBeenCalledTimes(1);
    expect(opened.close).toHaveBeenCalledTimes(1);
  });

  it('calls the latest close it was given', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { rerender } = renderHook(({ close }) => useStackedDialog(true, close), { initialProps: { close: first } });
    rerender({ close: second });
    press('Escape');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("leaves alone an Escape that closes a control's open popup, one typed in an input method, other keys and another dialog's", () => {
    const open = dialog(true);
    const select = document.createElement('input');
    select.setAttribute('aria-expanded', 'true');
    document.body.append(select);
    expect(press('Escape', select)).toBe(true);
    expect(press('Escape', document.body, { isComposing: true })).toBe(true);
    expect(press('Enter')).toBe(true);
    expect(press('Escape', inWrap(false))).toBe(true);
    expect(open.close).not.toHaveBeenCalled();
  });

  it('reacts to nothing once every dialog is closed or unmounted', () => {
    const closed = dialog(true);
    closed.setOpen(false);
    const unmounted = dialog(true);
    unmounted.unmount();
    expect(press('Escape')).toBe(true);
    expect(closed.close).not.toHaveBeenCalled();
    expect(unmounted.close).not.toHaveBeenCalled();
  });
});
