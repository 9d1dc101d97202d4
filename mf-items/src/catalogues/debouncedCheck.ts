// Moved to @portal/lists (shared by every remote's forms); kept so existing imports keep working.
export { debouncedCheck, EXISTS_CHECK_DEBOUNCE_MS } from '@portal/lists';
