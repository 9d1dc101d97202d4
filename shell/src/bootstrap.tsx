import { localeReady } from '@portal/i18n';
import { createRoot } from 'react-dom/client';
import { restoreSession, store } from '@portal/session';
import { prefetchLanding, prefetchPage } from './remotes/landing';
import { startShell } from './startShell';

// A saved session is restored before the first render, so a deep link does not bounce through the login.
store.dispatch(restoreSession());

startShell({
  root: createRoot(document.getElementById('root') as HTMLElement),
  store,
  // Its own chunk: the login page's first visit loads no antd (the size budget counts the rest). The language's
  // antd and moment locales load beside it (each a chunk of its own), before the signed-in shell renders.
  loadSignedIn: () => Promise.all([import(/* webpackChunkName: "signed-in" */ './signedIn'), localeReady()]).then(([signedIn]) => signedIn),
  prefetchLanding: () => void prefetchLanding(store),
  prefetchPage: (pathname) => void prefetchPage(store, pathname),
});
