// Opened directly (`pnpm --filter @portal/mf-statistics dev`): the remote mounts itself at #root with the
// same lifecycles (providers, router, error boundary) the shell uses, and the session saved in this browser.
import { restoreSession, store } from '@portal/session';
import { bootstrap, mount } from './lifecycles';
import { manifest } from './manifest';

store.dispatch(restoreSession());
const props = { name: manifest.name, domElement: document.getElementById('root') as HTMLElement };
void bootstrap(props).then(() => mount(props));
