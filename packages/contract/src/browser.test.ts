import * as contract from './index';
import { registryRemoteProblems, registryRemoteShapeProblems } from './index';
import { dashboardRemote } from './testing/remotes';

describe("the browser's entry", () => {
  it('loads without typebox', () => {
    let names: string[] = [];
    jest.isolateModules(() => {
      for (const module of ['typebox', 'typebox/value', 'typebox/compile']) {
        jest.doMock(module, () => {
          throw new Error(`the browser entry loaded ${module}`);
        });
      }
      names = Object.keys(jest.requireActual<Record<string, unknown>>('./browser'));
    });
    expect(names).toContain('parseRegistry');
  });

  it('exports the same values as the whole contract', () => {
    const browser = jest.requireActual<Record<string, unknown>>('./browser');
    const whole = contract as Record<string, unknown>;
    for (const name of Object.keys(browser)) expect([name, whole[name]]).toEqual([name, browser[name]]);
  });
});

const remote = dashboardRemote;

type Json = Record<string, unknown>;
const BAD_VALUES: unknown[] = [undefined, null, 42, -1, 1.5, '', 'Not Valid!', 'x', [], {}, true, './lifecycles', 'mf_x', 'mf-x', 'a:b', '/p'];

/** The remote with one property (at `path`) set to `value`, or left out when undefined. */
function withValue(path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(remote) as unknown as Json;
  let at: Json = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Json;
  const last = path[path.length - 1];
  if (value !== undefined) at[last] = value;
  else if (Array.isArray(at)) at.splice(Number(last), 1);
  else delete at[last];
  return copy;
}

describe('registry checks without typebox', () => {
  const paths: (string | number)[][] = [
    ...Object.keys(remote).map((key) => [key]),
    ...Object.keys(remote.routes[0]).map((key) => ['routes', 0, key]),
    ...Object.keys(remote.menu[0]).map((key) => ['menu', 0, key]),
    ['routes', 0],
    ['menu', 0],
    ['translations', 'es'],
  ];

  it('accept what the schemas accept and refuse what they refuse', () => {
    const disagreements: string[] = [];
    const compare = (label: string, value: unknown) => {
      const schema = registryRemoteProblems(value).length === 0;
      const plain = registryRemoteShapeProblems(value).length === 0;
      if (schema !== plain) disagreements.push(`${label}: schema ${schema ? 'accepts' : 'refuses'}, plain check ${plain ? 'accepts' : 'refuses'}`);
    };
    compare('the remote', remote);
    for (const path of paths) {
      for (const value of BAD_VALUES) compare(`${path.join('/')} = ${JSON.stringify(value)}`, withValue(path, value));
    }
    compare('an extra property', { ...remote, extra: 1 });
    compare('an extra route property', withValue(['routes', 0, 'extra'], 1));
    compare('no routes', withValue(['routes'], []));
    compare('admin permission', withValue(['menu', 0, 'permission'], 'admin'));
    compare('a route without group or permission', withValue(['routes', 0], { path: '/dashboard', titleKey: 'dashboard:t' }));
    compare('a version with a suffix', withValue(['version'], '1.2.3-rc.1'));
    compare('translations as an array', withValue(['translations', 'es'], ['x']));
    expect(disagreements).toEqual([]);
  });

  it('names where a remote is wrong', () => {
    expect(registryRemoteShapeProblems(withValue(['menu', 0, 'group'], 'misc'), 'remotes[0]')).toEqual([
      'remotes[0]/menu/0/group: must be one of home, items, statistics, selfchecks, settings, profile',
    ]);
    expect(registryRemoteShapeProblems(withValue(['app'], undefined), 'remotes[0]')).toEqual(['remotes[0]/app: is required']);
  });
});
