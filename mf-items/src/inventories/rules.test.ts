import { groupNameProblem, nameTaken } from './rules';

const never = async () => false;

it('refuses UNGROUPED as any locale reads it, in any case or accents, before asking the server', async () => {
  const taken = jest.fn(never);
  for (const name of ['Ungrouped', ' UNGROUPED ', 'ungrouped', 'Sin agrupar', 'sín AGRUPAR', 'Sense agrupar', 'Sans groupe', 'غير مجمعة']) {
    expect([name, await groupNameProblem(name, taken)]).toEqual([name, 'NotValidNameMessage']);
  }
  expect(taken).not.toHaveBeenCalled();
});

it('reports names the server says are taken; empty names and failed checks pass', async () => {
  expectConsoleError('Name check failed');
  expect(await groupNameProblem('Inventario 2026', async () => true)).toBe('NameAlreadyExistsMessage');
  expect(await groupNameProblem('Inventario 2026', never)).toBeNull();
  expect(await groupNameProblem('  ', async () => true)).toBeNull();
  expect(
    await nameTaken('x', async () => {
      throw new Error('offline');
    }),
  ).toBe(false);
});
