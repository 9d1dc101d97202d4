/**
 * How query parameters travel (agreed with the server): arrays are comma-joined (selectedStoreIds=1,2,3;
 * order=date,desc), objects are JSON (searchTexts={"name":"x"}), null/undefined are left out.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) search.append(key, value.join(','));
    else if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  }
  return search.toString();
}
