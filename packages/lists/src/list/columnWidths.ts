import type { ListColumn } from './types';

export const DEFAULT_COLUMN_WIDTH = 180;
/** How narrow a column may become so that the row fits the table's width (its header stays readable). */
const SHRINK_FLOOR = 120;
/** A header's room: its title (about 8.5 px a character, bold 14 px), the cell padding, the sort and search icons. */
const CHAR_PX = 8.5;
const CELL_PADDING_PX = 16;
const SORTER_PX = 24;
const SEARCH_PX = 28;

type Sized = Pick<ListColumn<never>, 'title' | 'width' | 'minWidth' | 'type' | 'sortable' | 'searchable'>;

/** The width its header needs: the title, not cut ("Meth…"), beside its sort and search icons. */
export function headerWidth(column: Sized): number {
  return (
    Math.ceil(column.title.length * CHAR_PX) + CELL_PADDING_PX + (column.sortable !== false ? SORTER_PX : 0) + (column.searchable !== false ? SEARCH_PX : 0)
  );
}

const preferredWidth = (column: Sized) => Math.max(column.width ?? DEFAULT_COLUMN_WIDTH, headerWidth(column));

/** Dates and times keep their whole width (a cut date reads wrong); other columns may shrink to SHRINK_FLOOR. */
function minimumWidth(column: Sized): number {
  const preferred = preferredWidth(column);
  const keep = column.minWidth ?? (column.type === 'date' || column.type === 'event' ? preferred : Math.min(preferred, SHRINK_FLOOR));
  return Math.min(preferred, Math.max(keep, headerWidth(column)));
}

/**
 * Each column's width so that the row fits `space` (the table's width less the selection and row-action columns)
 * when it can: columns give up width in proportion to what they may lose. Where they cannot fit, each keeps its
 * minimum and the table scrolls sideways; the table's scroll.x is then the sum, so no column ends up behind the
 * fixed row-action column. `space` 0 (not measured yet) keeps the preferred widths.
 */
export function fitColumnWidths(columns: readonly Sized[], space: number): number[] {
  const preferred = columns.map(preferredWidth);
  const total = preferred.reduce((sum, w) => sum + w, 0);
  if (space <= 0 || total <= space) return preferred;
  const minimum = columns.map(minimumWidth);
  const slack = total - minimum.reduce((sum, w) => sum + w, 0);
  const over = total - space;
  if (over >= slack) return minimum;
  return preferred.map((w, i) => Math.floor(w - ((w - minimum[i]) * over) / slack));
}
