/** Spec data-areas §2/§9: page size 25, next page within 5 px of the bottom, debounced 300 ms. */
export const PAGE_SIZE = 25;
export const BOTTOM_THRESHOLD_PX = 5;
export const SCROLL_DEBOUNCE_MS = 300;
/** The parent id of the synthetic group that cannot be edited. */
export const UNGROUPED = 'UNGROUPED';
