import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { INTERVAL_RANGES } from '@portal/contract';
import { alarmsResources } from './alarms/i18n';
import { COUNTERS_NS, countersResources } from './counters/i18n';
import { resources } from './locales';

it.each([
  ['menu and titles', resources],
  ['counters', countersResources],
  ['alarms', alarmsResources],
])('has every %s text in all nine locales', (_name, texts) => {
  expect(() => expectCompleteTranslations(texts)).not.toThrow();
});

it('gives the interval lengths in Arabic the plural form of their number', () => {
  const ar = i18n.getFixedT('ar', COUNTERS_NS);
  expect(INTERVAL_RANGES.map((count) => ar('minutes', { count }))).toEqual(['5 دقائق', '15 دقيقة', '30 دقيقة', '60 دقيقة']);
});
