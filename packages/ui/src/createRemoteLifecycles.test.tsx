import { act, fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { createRemoteLifecycles, PORTAL_CONTENT_ID, type RemoteProps } from './createRemoteLifecycles';

function Hello({ name }: { name?: string }) {
  return <p>hello from {name}</p>;
}

let shouldFail = true;
function Flaky() {
  if (shouldFail) throw new Error('remote bug');
  return <p>recovered</p>;
}

/** Runs a lifecycle: act() flushes the render, the promise settles after single-spa-react's didMount. */
async function run(lifecycle: (props: RemoteProps) => Promise<unknown>, props: RemoteProps) {
  let done: Promise<unknown> = Promise.resolve();
  await act(async () => {
    done = lifecycle(props);
  });
  await done;
}

async function mounted(Root: Parameters<typeof createRemoteLifecycles>[0], props: RemoteProps) {
  const lifecycles = createRemoteLifecycles(Root, { name: 'mf_test' });
  await run(lifecycles.bootstrap, props);
  await run(lifecycles.mount, props);
  return lifecycles;
}

beforeEach(async () => {
  document.body.innerHTML = `<div id="${PORTAL_CONTENT_ID}"></div>`;
  await setLanguage('en-GB');
});

describe('createRemoteLifecycles', () => {
  it('mounts into the dom element the shell passes, and unmounts', async () => {
    const target = document.createElement('section');
    document.body.appendChild(target);
    const props = { name: 'mf_test', domElement: target };
    const lifecycles = await mounted(Hello, props);
    expect(target).toHaveTextContent('hello from mf_test');
    await run(lifecycles.unmount, props);
    expect(target).toBeEmptyDOMElement();
  });

  it('mounts into the element of a domElementGetter', async () => {
    const target = document.createElement('section');
    document.body.appendChild(target);
    await mounted(Hello, { name: 'mf_getter', domElementGetter: () => target });
    expect(target).toHaveTextContent('hello from mf_getter');
  });

  it('mounts inside #portal-content when the shell passes neither', async () => {
    await mounted(Hello, { name: 'mf_default' });
    expect(document.getElementById(PORTAL_CONTENT_ID)).toHaveTextContent('hello from mf_default');
  });

  it('shows the remote error with Retry when the remote fails to render; Retry renders it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    shouldFail = true;
    await mounted(Flaky, { name: 'mf_flaky' });
    expect(await screen.findByText('This section could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/mf_test is not available right now/)).toBeInTheDocument();
    shouldFail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(screen.getByText('recovered')).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
