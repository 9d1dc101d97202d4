import { createRoot } from 'react-dom/client';
import { restoreSession, store } from '@portal/session';
import { App } from './App';
import { RegistryError } from './remotes/RegistryError';
import { startRemotes, useRemoteApps } from './remotes';

// A saved session is restored before the first render, so a deep link does not bounce through the login.
store.dispatch(restoreSession());
startRemotes();

function Root() {
  const { menuEntries, routes, ready, retry } = useRemoteApps();
  return (
    <>
      <App menuEntries={menuEntries} routes={routes} ready={ready} />
      {retry && <RegistryError onRetry={retry} />}
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Root />);
