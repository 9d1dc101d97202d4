import { compatibilityProblems, type BuildShared } from './compatibility';

const build = (app: string, shared: [name: string, version: string, requiredVersion?: string][]): BuildShared => ({
  app,
  shared: shared.map(([name, version, requiredVersion]) => ({ name, version, requiredVersion: requiredVersion ?? `^${version}` })),
});

const shell = build('shell', [
  ['react', '19.3.1'],
  ['react-dom', '19.3.1'],
  ['antd', '6.6.7'],
  ['@portal/ui', '0.1.0'],
  ['@portal/session', '0.1.0'],
]);

describe('compatibility of remotes with the shell', () => {
  it('accepts remotes whose ranges the shell meets (a newer patch of the shell is fine)', () => {
    const items = build('mf-items', [
      ['react', '19.2.0'],
      ['antd', '6.1.0'],
      ['@portal/ui', '0.1.0'],
    ]);
    expect(compatibilityProblems(shell, [items])).toEqual([]);
  });

  it('refuses a remote requiring a react the shell does not provide, naming remote, package and both versions', () => {
    const items = build('mf-items', [
      ['react', '20.0.1'],
      ['antd', '6.6.7'],
    ]);
    expect(compatibilityProblems(shell, [items])).toEqual(['mf-items requires react ^20.0.1 (built with 20.0.1), but the shell provides 19.3.1']);
  });

  it('refuses a remote built against a newer minor of a workspace package (0.x caret ranges)', () => {
    const settings = build('mf-settings', [['@portal/session', '0.2.0']]);
    expect(compatibilityProblems(shell, [settings])).toEqual(['mf-settings requires @portal/session ^0.2.0 (built with 0.2.0), but the shell provides 0.1.0']);
  });

  it('compares a singleton the shell does not hold (highcharts, lists) between remotes, both ways', () => {
    const dashboard = build('mf-dashboard', [
      ['highcharts', '13.1.1'],
      ['@portal/lists', '0.1.0'],
    ]);
    const statistics = build('mf-statistics', [
      ['highcharts', '14.0.0'],
      ['@portal/lists', '0.1.3', '^0.1.0'],
    ]);
    expect(compatibilityProblems(shell, [dashboard, statistics])).toEqual([
      'mf-dashboard requires highcharts ^13.1.1 (built with 13.1.1), but mf-statistics provides 14.0.0 when it is opened first',
      'mf-statistics requires highcharts ^14.0.0 (built with 14.0.0), but mf-dashboard provides 13.1.1 when it is opened first',
    ]);
  });

  it('refuses an unreadable provided version instead of guessing', () => {
    const broken = build('shell', [['react', 'next']]);
    expect(compatibilityProblems(broken, [build('mf-items', [['react', '19.3.1']])])).toEqual([
      'mf-items requires react ^19.3.1 (built with 19.3.1), but the shell provides next',
    ]);
  });
});
