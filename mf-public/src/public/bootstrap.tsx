// The public displays without login: no shell, no other remote, no portal layout. The same route table as
// the remote, rendered with just i18n and a router (the pages need nothing else).
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { i18n, I18nextProvider, registerTranslations } from '@portal/i18n';
import { App } from '../App';
import { resources } from '../locales';
import { manifest } from '../manifest';

registerTranslations(manifest.namespace, resources);

createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nextProvider i18n={i18n}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </I18nextProvider>,
);
