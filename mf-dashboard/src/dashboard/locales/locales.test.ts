import { expectCompleteTranslations } from '@portal/i18n';
import { dashboardResources } from '../i18n';

it('has every dashboard text in all nine locales', () => {
  expectCompleteTranslations(dashboardResources);
});

it('uses real translations, not copies of the English texts', () => {
  for (const lng of ['es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const) {
    expect(dashboardResources[lng].editSection).not.toBe(dashboardResources['en-GB'].editSection);
    expect(dashboardResources[lng].refresh).not.toBe(dashboardResources['en-GB'].refresh);
  }
});
