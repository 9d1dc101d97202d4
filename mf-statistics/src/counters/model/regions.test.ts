import type { RegionNode } from '@portal/contract';
import { earliestResetTime, initialRegion } from './regions';

const node = (value: string, level: RegionNode['level'], children?: RegionNode[]): RegionNode => ({
  title: value, fullName: value, key: value, value, level, storeIds: [Number(value.split(':')[1]) || 1], capacity: 10,
  resetTime: '00:00', startTime: '08:00', endTime: '20:00', children,
});
const tree = [node('area:Cataluña', 'area', [node('store:1', 'name', [node('sensor:5', 'sensor')]), node('store:2', 'name')])];

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
    expect(initialRegion([node('sensor:5', 'sensor')], null)?.sensor).toBe(true);
    const r = (resetTime: string) => ({ value: 'x', title: 'x', storeIds: [1], capacity: 1, resetTime, sensor: false });
    expect(earliestResetTime([r('06:00'), r('03:00')])).toBe('03:00');
    expect(earliestResetTime([])).toBeUndefined();
  });
});
