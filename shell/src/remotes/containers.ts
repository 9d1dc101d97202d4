import { PORTAL_CONTENT_ID } from '@portal/ui';

export { PORTAL_CONTENT_ID };

const contentElement = () => document.getElementById(PORTAL_CONTENT_ID);

/** Resolves once the layout has rendered #portal-content (it is only there while signed in). */
export function whenContentReady(): Promise<HTMLElement> {
  const present = contentElement();
  if (present) return Promise.resolve(present);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = contentElement();
      if (!element) return;
      observer.disconnect();
      resolve(element);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * A child of #portal-content owned by one remote (its React root, or its error). Looked up on every mount:
 * after a logout and login the layout renders a new #portal-content, and the child moves into it.
 */
function childElement(attribute: string, name: string): HTMLElement {
  const content = contentElement();
  if (!content) throw new Error(`#${PORTAL_CONTENT_ID} is not rendered: cannot mount ${name}`);
  let element = document.querySelector<HTMLElement>(`[${attribute}="${name}"]`);
  if (!element) {
    element = document.createElement('div');
    element.setAttribute(attribute, name);
  }
  if (element.parentElement !== content) content.appendChild(element);
  return element;
}

export const applicationElement = (name: string) => childElement('data-remote', name);
export const errorElement = (name: string) => childElement('data-remote-error', name);

export function removeErrorElement(name: string): void {
  document.querySelector(`[data-remote-error="${name}"]`)?.remove();
}
