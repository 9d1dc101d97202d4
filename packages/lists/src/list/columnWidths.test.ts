import { fitColumnWidths, headerWidth } from './columnWidths';

const sum = (widths: number[]) => widths.reduce((a, w) => a + w, 0);

// Additional Operations' columns; 918 px is what a 1366 px window leaves them beside selection and row actions.
const OPERATIONS = [
  { title: 'Name', width: 220 },
  { title: 'URL', width: 320 },
  { title: 'Method', width: 100 },
  { title: 'Params', width: 280, sortable: false, searchable: false },
  { title: 'Attach Data', width: 120, sortable: false, searchable: false },
];

describe('fitColumnWidths', () => {
  it('fits the row into the table so no column is left behind the fixed row actions', () => {
    const widths = fitColumnWidths(OPERATIONS, 918);
    expect(sum(widths)).toBeLessThanOrEqual(918);
    expect(sum(widths)).toBeGreaterThan(900);
  });

  it('never cuts a header: a column is at least as wide as its title with the sort and search icons', () => {
    const widths = fitColumnWidths(OPERATIONS, 918);
    expect(widths[2]).toBeGreaterThanOrEqual(headerWidth(OPERATIONS[2]));
    expect(headerWidth(OPERATIONS[2])).toBeGreaterThan(100);
    expect(fitColumnWidths(OPERATIONS, 0)[2]).toBeGreaterThanOrEqual(headerWidth(OPERATIONS[2]));
  });

  it('keeps dates whole and the preferred widths when there is room', () => {
    const columns: Array<{ title: string; width?: number; minWidth?: number; type?: 'event' }> = [
      ...Array.from({ length: 8 }, (_, i) => ({ title: `Field ${i}` })),
      { title: 'Date', type: 'event', width: 170 },
      { title: 'Found in', width: 200, minWidth: 200 },
    ];
    const narrow = fitColumnWidths(columns, 1000);
    expect(narrow[8]).toBe(170);
    expect(narrow[9]).toBe(200);
    // Where the row cannot fit, the table scrolls sideways over the sum (scroll.x), each column at its minimum.
    expect(sum(narrow)).toBeGreaterThan(1000);
    expect(fitColumnWidths(columns, 4000)).toEqual(columns.map((c) => Math.max(c.width ?? 180, headerWidth(c))));
  });

  it('shrinks the other columns to fit a 1920 px window', () => {
    const columns = [...Array.from({ length: 8 }, (_, i) => ({ title: `Field ${i}` })), { title: 'Date', width: 170, minWidth: 170 }];
    const widths = fitColumnWidths(columns, 1616 - 48 - 96);
    expect(sum(widths)).toBeLessThanOrEqual(1616 - 48 - 96);
    expect(widths[8]).toBe(170);
  });
});
