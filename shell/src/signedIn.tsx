import { App } from './App';
import { RegistryError } from './remotes/RegistryError';
import { useRemoteApps } from './remotes';

export { startRemotes } from './remotes';

/** The signed-in shell: antd, the layout and the remotes (its own chunk, loaded after the login page shows). */
export function SignedInRoot() {
  const { menuEntries, routes, ready, retry } = useRemoteApps();
  return (
    <>
      <App menuEntries={menuEntries} routes={routes} ready={ready} />
      {retry && <RegistryError onRetry={retry} />}
    </>
  );
}
