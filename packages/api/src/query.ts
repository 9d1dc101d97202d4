/**
 * How query parameters travel (the contract's encodeListParams): arrays and objects as JSON text
 * (order=["name","asc"], searchTexts={"name":"x"}), null/undefined left out. Id lists that the server
 * expects comma-separated (selectedStoreIds=1,2,3, levels=area,name) are joined by their call function.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  }
  return search.toString();
}
