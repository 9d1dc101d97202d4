import { isUngroupedName } from '@portal/contract';
import { expectCompleteTranslations } from '@portal/i18n';
import { inventoriesResources } from './i18n';

it('has every inventories, additional operations and compare text in all nine locales', () => {
  expect(() => expectCompleteTranslations(inventoriesResources)).not.toThrow();
});

it("refuses UNGROUPED's name in every locale (the contract's list follows these texts)", () => {
  for (const [locale, texts] of Object.entries(inventoriesResources)) expect([locale, isUngroupedName(texts.ungrouped)]).toEqual([locale, true]);
});
