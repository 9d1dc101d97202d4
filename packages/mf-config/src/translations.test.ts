import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES as I18N_LOCALES } from '@portal/i18n';
import { LOCALES, pickTranslations, translationProblems } from './translations';

describe('registry translations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locales-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writeAll = (make: (lng: string) => object) => LOCALES.forEach((lng) => writeFileSync(path.join(dir, `${lng}.json`), JSON.stringify(make(lng))));

  it('uses the same nine locales as @portal/i18n', () => {
    expect([...LOCALES]).toEqual([...I18N_LOCALES]);
  });

  it('picks only the menu and title keys, per locale', () => {
    writeAll((lng) => ({ menu: { dashboard: `Dashboard ${lng}` }, titles: { dashboard: `Title ${lng}` }, page: { big: 'not needed' } }));
    const { translations, problems } = pickTranslations(dir, 'dashboard', ['dashboard:menu.dashboard', 'dashboard:titles.dashboard']);
    expect(problems).toEqual([]);
    expect(translations.fr).toEqual({ menu: { dashboard: 'Dashboard fr' }, titles: { dashboard: 'Title fr' } });
    expect(Object.keys(translations)).toEqual([...LOCALES]);
  });

  it('reports a text missing in one locale', () => {
    writeAll((lng) => (lng === 'pl' ? { menu: {} } : { menu: { dashboard: 'x' } }));
    const { problems } = pickTranslations(dir, 'dashboard', ['dashboard:menu.dashboard']);
    expect(problems).toEqual([expect.stringMatching(/^pl: no text for dashboard:menu.dashboard/)]);
  });

  it('checks an assembled remote for missing locales and keys', () => {
    const remote = { name: 'mf_x', translations: { es: { menu: { a: 'A' } } }, routes: [{ titleKey: 'x:titles.a' }], menu: [{ labelKey: 'x:menu.a' }] };
    const problems = translationProblems(remote);
    expect(problems).toContain('mf_x: es has no text for x:titles.a');
    expect(problems).toContain('mf_x: no ar translations');
  });
});
