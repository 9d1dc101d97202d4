import type { RegionNode } from '@portal/api';
import { areaNameTree } from './areaNameTree';

const node = (level: RegionNode['level'], title: string, storeIds: number[], children?: RegionNode[]): RegionNode => ({
  title,
  fullName: title,
  key: `${level}:${title}`,
  value: `${level}:${title}`,
  level,
  storeIds,
  capacity: 10,
  resetTime: '00:00',
  startTime: '08:00',
  endTime: '21:00',
  ...(children ? { children } : {}),
});

describe('the dashboard libraries tree from the session region tree', () => {
  it('keeps areas and their libraries, sorted by title like the server, without provinces or cities', () => {
    const full = [
      node(
        'area',
        'Cataluña',
        [1, 2, 3],
        [
          node('province', 'Girona', [3], [node('city', 'Girona', [3], [node('name', 'Biblioteca Carles Rahola', [3])])]),
          node(
            'province',
            'Barcelona',
            [1, 2],
            [node('city', 'Barcelona', [1, 2], [node('name', 'Biblioteca Sant Antoni', [2]), node('name', 'biblioteca 10', [1])])],
          ),
        ],
      ),
    ];
    const tree = areaNameTree(full);
    expect(tree.map((area) => [area.value, area.storeIds])).toEqual([['area:Cataluña', [1, 2, 3]]]);
    expect(tree[0].children?.map((library) => [library.value, library.fullName, library.storeIds])).toEqual([
      ['name:biblioteca 10', 'Cataluña / biblioteca 10', [1]],
      ['name:Biblioteca Carles Rahola', 'Cataluña / Biblioteca Carles Rahola', [3]],
      ['name:Biblioteca Sant Antoni', 'Cataluña / Biblioteca Sant Antoni', [2]],
    ]);
  });

  it('gives nothing for an empty tree (the dashboard then asks the server itself)', () => {
    expect(areaNameTree([])).toEqual([]);
  });
});
