// The one module this remote exposes ('./lifecycles'): single-spa lifecycles the shell mounts.
import { createRemoteLifecycles } from '@portal/ui';
import { App } from './App';
import './i18n';
import { manifest } from './manifest';

export const { bootstrap, mount, unmount } = createRemoteLifecycles(App, { name: manifest.name });
