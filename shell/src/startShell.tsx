import { startTransition, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { logger } from '@portal/api';
import { loadDeploySettings, selectIsLoggedIn, type PortalStore } from '@portal/session';
import { DEFAULT_SECTION } from './menu/groups';
import { LoginPage } from './pages/login/LoginPage';
import './locales';

export const LOGIN_PATH = '/auth/login';

/** The signed-in shell's chunk (signedIn.tsx): antd, the layout, the remotes. */
export interface SignedInModule {
  SignedInRoot: ComponentType;
  startRemotes: () => void;
}

export interface ShellStart {
  root: Root;
  store: PortalStore;
  loadSignedIn: () => Promise<SignedInModule>;
  /** Lets the landing page's remote prepare its data calls for the sign-in (remotes/landing.ts). */
  prefetchLanding?: () => void;
  /** A restored session opens this page directly: lets its code and data start beside the signed-in shell's chunk. */
  prefetchPage?: (pathname: string) => void;
}

/** What the user does first on the login page; the rest of the shell starts loading then. */
const FIRST_ACTIONS = ['keydown', 'input', 'pointerdown'] as const;

/**
 * The animation LoginPage.css starts on a field the browser's password manager fills (`:-webkit-autofill`): the
 * user is about to press Login without typing anything, so the rest of the shell starts loading then.
 */
export const AUTOFILL_ANIMATION = 'portal-login-autofill';

/**
 * Shows the login page from the small first chunk, or the signed-in shell when a session was restored. The
 * signed-in shell (antd, layout, registry, remotes) loads as soon as the user starts typing (or the browser fills
 * the form from its saved passwords), so the first visit
 * transfers no antd and pressing Login waits for none of it; signing in renders it (the layout's routes then
 * replace /auth/login by /dashboard). At the same moment the landing page's remote prepares its data calls, which
 * then start from the sign-in answer instead of after the signed-in shell and the page have rendered. A signed-out visit to any other path lands on /auth/login.
 */
export function startShell({ root, store, loadSignedIn, prefetchLanding, prefetchPage }: ShellStart): void {
  let loading: Promise<SignedInModule> | undefined;
  const load = () => {
    loading ??= loadSignedIn().then(
      (module) => {
        module.startRemotes();
        return module;
      },
      (error: unknown) => {
        loading = undefined; // the next attempt loads again
        throw error;
      },
    );
    return loading;
  };
  // A transition: the signed-in shell (antd, layout) renders in slices instead of one long task, so the requests
  // the sign-in starts (libraries, region tree, the dashboard's prefetched calls) go out and their answers are
  // handled while it renders, not after it (so the libraries' request is not held behind it).
  const showSignedIn = () => {
    load().then(
      ({ SignedInRoot }) => startTransition(() => root.render(<SignedInRoot />)),
      (error: unknown) => logger.error('the shell could not be loaded', error),
    );
  };

  if (selectIsLoggedIn(store.getState())) {
    prefetchPage?.(window.location.pathname);
    showSignedIn();
    return;
  }
  if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  root.render(
    <Provider store={store}>
      <LoginPage />
    </Provider>,
  );
  // The header and About read the deploy-time settings: read while the login page shows, not after sign-in.
  void loadDeploySettings().then(({ productName }) => {
    document.title = productName;
  });

  const autofilled = (event: Event) => {
    if ((event as AnimationEvent).animationName === AUTOFILL_ANIMATION) prefetch();
  };
  const prefetch = () => {
    FIRST_ACTIONS.forEach((type) => document.removeEventListener(type, prefetch, true));
    document.removeEventListener('animationstart', autofilled, true);
    load().catch(() => undefined); // a failure is reported when the signed-in shell is shown
    prefetchLanding?.();
  };
  FIRST_ACTIONS.forEach((type) => document.addEventListener(type, prefetch, true));
  document.addEventListener('animationstart', autofilled, true);
  const unsubscribe = store.subscribe(() => {
    if (!selectIsLoggedIn(store.getState())) return;
    unsubscribe();
    // Signed in from the login page: to the dashboard (replacing the entry, as the layout's routes would) before the
    // signed-in shell renders, so the dashboard's remote loads and bootstraps while the shell renders.
    if (window.location.pathname === LOGIN_PATH) window.history.replaceState(null, '', DEFAULT_SECTION);
    showSignedIn();
  });
}
