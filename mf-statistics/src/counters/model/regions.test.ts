import type { RegionNode } from '@portal/contract';
import { earliestResetTime, initialRegion, labelTree } from './regions';

const node = (value: string, level: RegionNode['level'], children?: RegionNode[]): RegionNode => ({
  title: value,
  fullName: value,
  key: value,
  value,
  level,
  storeIds: [Number(value.split(':')[1]) || 1],
  capacity: 10,
  resetTime: '00:00',
  startTime: '08:00',
  endTime: '20:00',
  children,
});
const tree = labelTree([node('area:Cataluña', 'area', [node('store:1', 'name', [node('sensor:5', 'sensor')]), node('store:2', 'name')])]);

describe('initial region', () => {
  it('is the selected library when the tree holds it', () => {
    expect(initialRegion(tree, 2)).toMatchObject({ value: 'store:2', storeIds: [2], sensor: false });
  });
  it('is the first region when the selected library is missing (or none is selected)', () => {
    expect(initialRegion(tree, 99)?.value).toBe('area:Cataluña');
    expect(initialRegion(tree, null)?.value).toBe('area:Cataluña');
    expect(initialRegion([], 1)).toBeNull();
  });
  it('sensors are flagged; the earliest reset time is sent', () => {
    expect(initialRegion(labelTree([node('sensor:5', 'sensor')]), null)?.sensor).toBe(true);
    const r = (resetTime: string) => ({ value: 'x', title: 'x', label: 'x', storeIds: [1], capacity: 1, resetTime, sensor: false });
    expect(earliestResetTime([r('06:00'), r('03:00')])).toBe('03:00');
    expect(earliestResetTime([])).toBeUndefined();
  });
});

describe('shown names', () => {
  it('a sensor\'s names its library (two libraries both have an "Entrada principal"); other regions their own', () => {
    const named = (value: string, level: RegionNode['level'], title: string, children?: RegionNode[]) => ({ ...node(value, level, children), title });
    const labelled = labelTree([
      named('area:Cataluña', 'area', 'Cataluña', [
        named('store:1', 'name', 'Biblioteca Carles Rahola', [named('sensor:5', 'sensor', 'Entrada principal')]),
        named('store:2', 'name', 'Biblioteca Sant Antoni', [named('sensor:6', 'sensor', 'Entrada principal')]),
      ]),
    ]);
    const labels = (nodes: typeof labelled): string[] => nodes.flatMap((n) => [n.label, ...labels(n.children ?? [])]);
    expect(labels(labelled)).toEqual([
      'Cataluña',
      'Biblioteca Carles Rahola',
      'Biblioteca Carles Rahola · Entrada principal',
      'Biblioteca Sant Antoni',
      'Biblioteca Sant Antoni · Entrada principal',
    ]);
    expect(initialRegion([labelled[0].children![1].children![0]], null)?.label).toBe('Biblioteca Sant Antoni · Entrada principal');
  });
});
