import { createRoot } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { PortalProviders, RemoteError } from '@portal/ui';
import type { RemoteCustomProps } from './applications';
import { errorElement, removeErrorElement } from './containers';

/** Shows a remote's failure with Retry in its own element of the content area; returns how to remove it. */
export function showRemoteError(name: string, label: string, onRetry: () => void): () => void {
  const element = errorElement(name);
  const root = createRoot(element);
  root.render(
    <PortalProviders>
      <RemoteError name={label} onRetry={onRetry} />
    </PortalProviders>,
  );
  return () => {
    root.unmount();
    removeErrorElement(name);
  };
}

/**
 * Lifecycles standing in for a remote that failed to load: single-spa mounts them on the remote's routes
 * like the real ones, so the error appears (and goes away) with navigation, and Retry loads it again.
 */
export function errorLifecycles(name: string): LifeCycles<RemoteCustomProps> {
  let remove: (() => void) | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      remove = showRemoteError(name, props.label(), () => void props.retry());
    },
    unmount: async () => {
      remove?.();
      remove = undefined;
    },
  };
}
