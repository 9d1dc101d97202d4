import { localeReady } from '@portal/i18n';
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { ErrorBoundary } from './ErrorBoundary';
import { PortalProviders } from './PortalProviders';
import { RemoteError } from './RemoteError';

/** The shell's content area, where remotes mount unless the shell passes a dom element. */
export const PORTAL_CONTENT_ID = 'portal-content';

/** Custom props the shell may pass to a remote's lifecycles (single-spa adds name and more). */
export interface RemoteProps {
  name: string;
  domElement?: HTMLElement;
  domElementGetter?: () => HTMLElement;
  [prop: string]: unknown;
}

export interface RemoteLifecycles {
  bootstrap: (props: RemoteProps) => Promise<unknown>;
  mount: (props: RemoteProps) => Promise<unknown>;
  unmount: (props: RemoteProps) => Promise<unknown>;
}

/**
 * A container of its own inside the content area for each application, so one remote's React root never
 * shares an element with another's while single-spa swaps them.
 */
function defaultContainer(appName: string): HTMLElement {
  const id = `single-spa-application:${appName}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const host = document.getElementById(PORTAL_CONTENT_ID) ?? document.body;
  const container = document.createElement('div');
  container.id = id;
  host.appendChild(container);
  return container;
}

/** props.domElement, else props.domElementGetter(), else a container inside #portal-content. */
export function resolveDomElement(props: Partial<RemoteProps>, fallbackName: string): HTMLElement {
  if (props.domElement) return props.domElement;
  if (props.domElementGetter) return props.domElementGetter();
  return defaultContainer(props.name ?? fallbackName);
}

/**
 * single-spa lifecycles of a remote: its Root wrapped in the shared providers, a router and an error
 * boundary whose Retry renders the remote again.
 */
export function createRemoteLifecycles<P extends object = object>(Root: ComponentType<P>, opts: { name: string }): RemoteLifecycles {
  function RemoteRoot(props: P & RemoteProps) {
    return (
      <PortalProviders>
        <BrowserRouter>
          <ErrorBoundary fallback={(_error, reset) => <RemoteError name={opts.name} onRetry={reset} />}>
            <Root {...props} />
          </ErrorBoundary>
        </BrowserRouter>
      </PortalProviders>
    );
  }
  RemoteRoot.displayName = `Remote(${opts.name})`;

  const lifecycles = singleSpaReact<P & RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    // Last resort, for a failure of the providers themselves: a reload mounts everything again.
    errorBoundary: () => <RemoteError name={opts.name} onRetry={() => window.location.reload()} />,
    domElementGetter: (props) => resolveDomElement(props, opts.name),
  });

  return {
    // antd's and moment's locale of the language are loaded before the first render.
    bootstrap: (props) => localeReady().then(() => lifecycles.bootstrap(props as never)),
    mount: (props) => lifecycles.mount(props as never),
    unmount: (props) => lifecycles.unmount(props as never),
  };
}
