// The one module this remote exposes ('./lifecycles'): single-spa lifecycles the shell mounts.
import { registerTranslations } from '@portal/i18n';
import { createRemoteLifecycles } from '@portal/ui';
import { App } from './App';
import { resources } from './locales';
import { manifest } from './manifest';

registerTranslations(manifest.namespace, resources);

export const { bootstrap, mount, unmount } = createRemoteLifecycles(App, { name: manifest.name });
