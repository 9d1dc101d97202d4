import { translationProblems } from '@portal/i18n';
import { resources } from '.';

it('mf-public texts exist in all nine locales with the same placeholders', () => {
  expect(translationProblems(resources)).toEqual([]);
});
