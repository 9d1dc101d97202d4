/** Display rules of the capacity screens (data-areas §2 "Public routes", §4 "Capacity", §9). */
import type { CapacityRecord } from '@portal/contract';

export const BAR_HEIGHT_PX = 25;
export const NAME_MAX_LENGTH = 30;
export const TRAFFIC_LIGHT_CELLS = 10;

export type CapacityColour = 'green' | 'yellow' | 'orange' | 'red';

export const COLOUR_HEX: Record<CapacityColour, string> = {
  green: '#3f9c35',
  yellow: '#f2c200',
  orange: '#f07d00',
  red: '#d9262c',
};

/** Bar colour: below 60 % green, below 90 % yellow, below 100 % orange, 100 % or more red. */
export function capacityColour(percentage: number): CapacityColour {
  if (percentage < 60) return 'green';
  if (percentage < 90) return 'yellow';
  if (percentage < 100) return 'orange';
  return 'red';
}

/** The traffic light turns red (the 'wait' text) at 100 % or more. */
export function isFull(percentage: number): boolean {
  return percentage >= 100;
}

/** Names are cut after 30 characters (whole characters, an ellipsis marks the cut). */
export function truncateName(name: string): string {
  const chars = Array.from(name);
  return chars.length > NAME_MAX_LENGTH ? `${chars.slice(0, NAME_MAX_LENGTH).join('')}…` : name;
}

/** What a bar shows: a closed area shows 0. */
export function shownOccupancy(record: CapacityRecord): { current: number; percentage: number } {
  return record.opened ? { current: record.currentCapacity, percentage: record.percentageCapacity } : { current: 0, percentage: 0 };
}
