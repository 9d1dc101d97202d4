import type { Meta, StoryObj } from '@storybook/react';
import { fn } from '@storybook/test';
import type { ListParams } from '@portal/api';
import { GenericList } from './GenericList';
import type { ListColumn } from './types';

interface Book {
  tid: number;
  code: string;
  title: string;
  author: string;
  added: string;
  lastSeen: string;
  expirationDate: string;
}

const AUTHORS = ['Cervantes', 'Rodoreda', 'Saramago', 'Hugo', 'Szymborska', 'Mahfouz'];
const books = (count: number): Book[] =>
  Array.from({ length: count }, (_, i) => ({
    tid: i + 1,
    code: `B${String(i + 1).padStart(6, '0')}`,
    title: `Title ${i + 1}`,
    author: AUTHORS[i % AUTHORS.length],
    added: new Date(Date.UTC(2024, 0, 1 + (i % 365))).toISOString(),
    lastSeen: new Date(Date.UTC(2024, 5, 1, 8, i % 60, i % 60)).toISOString(),
    expirationDate: i % 7 === 3 ? '2020-01-01' : '2099-12-31',
  }));

const COLUMNS: ListColumn<Book>[] = [
  { key: 'code', title: 'Code', width: 140 },
  { key: 'title', title: 'Title', width: 200 },
  { key: 'author', title: 'Author', width: 160 },
  { key: 'added', title: 'Added', type: 'date', width: 130, searchable: false },
  { key: 'lastSeen', title: 'Last seen', type: 'event', width: 180, searchable: false, defaultVisible: false },
];

/** A list engine in memory: per-column contains (or /regex/), sort, paging, 250 ms latency. */
function memoryServer(rows: Book[], latencyMs = 250) {
  return async ({ searchTexts = {}, order = null, offset = 0, limit = 25 }: ListParams) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const matches = (value: string, text: string) =>
      text.length > 2 && text.startsWith('/') && text.endsWith('/')
        ? new RegExp(text.slice(1, -1), 'i').test(value)
        : value.toLowerCase().includes(text.toLowerCase());
    let result = rows.filter((row) => Object.entries(searchTexts).every(([key, text]) => matches(String(row[key as keyof Book]), text)));
    if (order) {
      const [field, direction] = order;
      result = [...result].sort((a, b) => String(a[field as keyof Book]).localeCompare(String(b[field as keyof Book])) * (direction === 'asc' ? 1 : -1));
    }
    return { items: result.slice(offset, offset + limit), total: result.length };
  };
}

/** The list of books (a generic component instantiated for the stories' row type). */
const BookList = GenericList<Book>;

const meta = {
  title: 'Lists/GenericList',
  component: BookList,
  args: {
    listName: 'storybook-books',
    columns: COLUMNS,
    fetchPage: memoryServer(books(120)),
    height: 420,
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(async () => undefined),
    onDeleteAll: fn(async () => undefined),
    onRowDoubleClick: fn(),
  },
} satisfies Meta<typeof BookList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 120 rows paged 25 at a time as the rows are scrolled; searchable, sortable, selectable. */
export const Default: Story = {};

/** Ten thousand rows loaded at once still scroll and select smoothly (only visible rows are rendered). */
export const TenThousandRows: Story = {
  args: { listName: 'storybook-big', fetchPage: async () => ({ items: books(10000), total: 10000 }) },
};

/** The first page has not arrived yet. */
export const Loading: Story = { args: { fetchPage: () => new Promise(() => {}) } };

export const Empty: Story = { args: { fetchPage: async () => ({ items: [], total: 0 }) } };

/** A failed fetch shows no message (it is only logged). */
export const FetchFails: Story = {
  args: {
    fetchPage: async () => {
      throw new Error('offline');
    },
  },
};

/** Items of a parent list: the edit-parent circle button, import/export/sync/add-to in the menu, and an extra entry. */
export const WithParentAndAllActions: Story = {
  args: {
    parent: { tid: 7, onEdit: fn() },
    importer: { onImport: fn(async () => ({ numItems: 10, numItemsInserted: 8 })) },
    exporter: { url: '/api/stores/1/catalogues/7/export', fileName: 'books' },
    sync: { url: 'https://opac.example.org/lists/7.csv', onSync: fn(async () => ({ numItems: 120, numItemsInserted: 4 })) },
    addItemsTo: { storeId: 1, from: 'catalogue', parentId: 7 },
    extraMenuItems: [{ key: 'compare', label: 'Compare', onClick: fn() }],
  },
  parameters: {
    api: {
      'GET /api/format': {
        data: { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' },
      },
      'GET /api/stores/1/catalogues': { data: { items: [{ tid: 3, name: 'Summer reading' }], total: 1 } },
      'GET /api/stores/1/searchLists': { data: { items: [{ tid: 4, name: 'Missing books' }], total: 1 } },
    },
  },
};

/** The synthetic UNGROUPED parent cannot be edited: no circle button. */
export const UngroupedParent: Story = { args: { parent: { tid: 'UNGROUPED', onEdit: fn() } } };

/** Expired libraries are dimmed and their code is not highlighted by a search. */
export const ExpiredRows: Story = { args: { isRowExpired: (row: Book) => row.expirationDate < '2024-01-01' } };
