// @ts-check
/**
 * Worker thread of ./legacySheets: SheetJS CE parses an .xls or .ods whole and synchronously (tens of
 * seconds for 65,000 rows on a loaded machine), so it runs here, never on the server's event loop. Plain
 * JavaScript (a worker does not go through the TypeScript loader). Answers every sheet as rows of raw
 * cell values (dates stay Date objects; errors their text); the caller formats them. Type-checked by the
 * server's tsconfig (@ts-check) through the JSDoc types below.
 *
 * workerData: { path, maxRows }. Posts { sheets: [{ name, rows }] } or { error }.
 */
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const XLSX = require('@e965/xlsx');

if (!parentPort) throw new Error('legacyWorker.js runs as a worker thread');
const port = parentPort;

// SheetJS writes notes about odd number formats to console.error: not the server's log.
console.error = () => undefined;

/** @param {import('@e965/xlsx').CellObject | null | undefined} c */
function cell(c) {
  if (!c || c.t === 'z') return null;
  if (c.t === 'e') return c.w === undefined ? null : c.w;
  return c.v === undefined ? null : c.v;
}

try {
  const { path, maxRows } = /** @type {{ path: string, maxRows: number }} */ (workerData);
  const workbook = XLSX.read(fs.readFileSync(path), {
    type: 'buffer',
    dense: true,
    cellDates: true,
    UTC: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
    sheetRows: maxRows,
  });
  const sheets = workbook.SheetNames.map((name) => {
    const data = workbook.Sheets[name]['!data'] || [];
    /** @type {unknown[][]} */
    const rows = [];
    for (let r = 0; r < data.length; r += 1) {
      const row = data[r] || [];
      /** @type {unknown[]} */
      const cells = [];
      for (let c = 0; c < row.length; c += 1) cells.push(cell(row[c]));
      rows.push(cells);
    }
    return { name, rows };
  });
  port.postMessage({ sheets });
} catch (e) {
  port.postMessage({ error: String((e instanceof Error && e.message) || e) });
}
