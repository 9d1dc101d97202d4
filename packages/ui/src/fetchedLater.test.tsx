import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { setLanguage } from '@portal/i18n';
import { createPortalStore } from '@portal/session';
import { lazyDialog } from './fetchedLater';
import { PortalProviders } from './PortalProviders';

interface ProbeProps {
  open: boolean;
  onClose: (changed: boolean) => void;
}

function ProbeDialog({ open, onClose }: ProbeProps) {
  return open ? (
    <div role="dialog" aria-label="Probe">
      <button type="button" onClick={() => onClose(true)}>
        done
      </button>
    </div>
  ) : null;
}

type ProbeModule = { ProbeDialog: typeof ProbeDialog };

/** Each call of `load` answers with the next outcome: a failed fetch or the module. */
function loader(outcomes: ('fail' | 'arrive')[]) {
  return jest.fn(() => {
    const outcome = outcomes.shift();
    return outcome === 'arrive' ? Promise.resolve<ProbeModule>({ ProbeDialog }) : Promise.reject<ProbeModule>(new Error('Loading chunk 42 failed'));
  });
}

/** A page with a button opening the dialog, as the lists, counters and dashboard open theirs. */
function renderOpener(Dialog: typeof ProbeDialog, onClosed = jest.fn()) {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Export
        </button>
        {open || onClosed.mock.calls.length ? (
          <Suspense fallback={null}>
            <Dialog
              open={open}
              onClose={(changed) => {
                onClosed(changed);
                setOpen(false);
              }}
            />
          </Suspense>
        ) : null}
      </>
    );
  }
  const { store } = createPortalStore();
  render(
    <PortalProviders store={store}>
      <Opener />
    </PortalProviders>,
  );
  return onClosed;
}

beforeAll(async () => {
  await act(() => setLanguage('en-GB'));
});

describe('lazyDialog', () => {
  it('says so when its code cannot be fetched, takes the focus, and Retry fetches it again and opens it', async () => {
    const load = loader(['fail', 'arrive']);
    renderOpener(lazyDialog(load, 'ProbeDialog', (props) => props.onClose(false)));

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const notice = await screen.findByRole('alertdialog', { name: 'This dialog could not be opened' });
    expect(notice).toHaveTextContent('Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Probe' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes as the dialog would (Close or Escape), gives the focus back, and can be opened again', async () => {
    const load = loader(['fail', 'fail', 'arrive']);
    const onClosed = renderOpener(lazyDialog(load, 'ProbeDialog', (props) => props.onClose(false)));
    const opener = screen.getByRole('button', { name: 'Export' });

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // Opened again: the notice stays until Retry, which fails again; Escape closes it.
    await userEvent.click(opener);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('dialog', { name: 'Probe' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
