import { exportItems, toExportColumns } from './calls/export';
import { fakeServer } from './testing';

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = jest.fn(() => 'blob:fake-url');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

const format = { fileType: 'xlsx' as const, firstRowHeader: true, dateFormat: 'YYYY-MM-DD', separator: 'comma' as const };

describe('exportItems', () => {
  it('POSTs format, columns, order and searchTexts as a blob request and saves {fileName}.{fileType}', async () => {
    const file = new Blob(['PK…'], { type: 'application/octet-stream' });
    const seen = fakeServer(() => ({ status: 200, data: file }));
    await exportItems({
      url: '/api/stores/1/catalogues/2/export',
      fileName: 'books',
      format,
      columns: toExportColumns([
        { dataIndex: 'code', title: 'Code' },
        { dataIndex: ['catalogue', 'name'], title: 'Catalogue' },
        { dataIndex: 'offline', title: 'Offline', values: { true: 'Yes', false: 'No' } },
      ]),
      order: ['code', 'desc'],
      searchTexts: { code: '12' },
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/stores/1/catalogues/2/export', responseType: 'blob' });
    expect(seen[0].data).toEqual({
      format,
      columns: [
        { id: 'code', title: 'Code' },
        { id: 'catalogue.name', title: 'Catalogue' },
        { id: 'offline', title: 'Offline', values: { true: 'Yes', false: 'No' } },
      ],
      order: ['code', 'desc'],
      searchTexts: { code: '12' },
    });
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
    expect(clicked).toEqual([{ href: 'blob:fake-url', download: 'books.xlsx' }]);
  });

  it('names the file "export" when no file name is given and sends order null when unsorted', async () => {
    const seen = fakeServer(() => ({ status: 200, data: new Blob(['a;b']) }));
    await exportItems({ url: '/api/alarms/export/', fileName: ' ', format: { ...format, fileType: 'csv' }, columns: [], order: null });
    expect((seen[0].data as { order: unknown }).order).toBeNull();
    expect(clicked[0].download).toBe('export.csv');
  });
});
