import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsSaved } from '@portal/session';
import type { ListParams } from '@portal/api';
import { page, renderWithPortal } from '../testing/render';
import { GenericList, type GenericListProps } from './GenericList';
import type { ListColumn } from './types';

interface Row {
  tid: number;
  name: string;
  code: string;
  createdAt: string;
}
const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ tid: from + i, name: `Name ${from + i}`, code: `C${from + i}`, createdAt: '2024-03-05T10:11:12' }));

const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', title: 'Name' },
  { key: 'code', title: 'Code' },
  { key: 'createdAt', title: 'Created', type: 'date' },
];

function setup(props: Partial<GenericListProps<Row>> = {}, total = 60) {
  const fetchPage = jest.fn(async ({ offset = 0, limit = 25 }: ListParams) => page(rows(offset, Math.max(0, Math.min(limit, total - offset))), total));
  const utils = renderWithPortal(<GenericList<Row> listName="test" columns={COLUMNS} fetchPage={fetchPage} height={400} {...props} />);
  return { ...utils, fetchPage };
}

const header = (title: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.includes(title));
const openMenu = async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'More actions' }));
const rowCheckbox = (name: string) => within(screen.getByText(name).closest('.ant-table-row') as HTMLElement).getByRole('checkbox');

jest.setTimeout(60000);
afterEach(() => jest.restoreAllMocks());

describe('GenericList rows', () => {
  it('shows the first page with dates as YYYY-MM-DD and the total', async () => {
    setup();
    expect(await screen.findByText('Name 0')).toBeInTheDocument();
    expect(screen.getAllByText('2024-03-05').length).toBeGreaterThan(0);
    expect(screen.getByText('Total: 60')).toBeInTheDocument();
  });

  it('renders only the rows in view of ten thousand loaded ones, and selects among them', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const fetchPage = jest.fn(async () => page(rows(0, 10000)));
    renderWithPortal(<GenericList<Row> listName="big" columns={COLUMNS} fetchPage={fetchPage} height={400} onDelete={jest.fn()} />);
    await screen.findByText('Name 0');
    expect(screen.getByText('Total: 10000')).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-table-row').length).toBeLessThan(100);
    await user.click(rowCheckbox('Name 1'));
    expect(screen.getByRole('button', { name: /Delete selected \(1\)/ })).toBeEnabled();
  });

  it('loads the next page when the rows are scrolled to the bottom', async () => {
    jest.useFakeTimers();
    const { fetchPage } = setup();
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    expect(screen.getByText('Name 0')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(50);
    }); // the rows' layout frame (jsdom lays nothing out: no fill)
    expect(fetchPage).toHaveBeenCalledTimes(1);
    const holder = document.querySelector('.ant-table-tbody-virtual-holder') as HTMLElement;
    Object.defineProperty(holder, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(holder, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(holder, 'scrollTop', { configurable: true, get: () => 598, set: () => {} });
    fireEvent.scroll(holder);
    await act(async () => {
      jest.advanceTimersByTime(299);
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 25, limit: 25 }));
    jest.useRealTimers();
  });

  it('leaves the rows alone when the total is counted after them', async () => {
    let counted: (total: number) => void = () => undefined;
    const fetchPage = jest.fn(async ({ offset = 0, limit = 25, count }: ListParams) => {
      if (count === 'only')
        return new Promise<{ items: Row[]; total: number }>((resolve) => {
          counted = (total) => resolve(page([], total));
        });
      return { items: rows(offset, limit), total: offset + limit + 1, totalKnown: false };
    });
    // Each row's actions ask canEditRow when they render.
    const canEditRow = jest.fn(() => true);
    renderWithPortal(<GenericList<Row> listName="counted" columns={COLUMNS} fetchPage={fetchPage} height={400} onEdit={jest.fn()} canEditRow={canEditRow} />);
    await screen.findByText('Name 0');
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ count: 'only' })));
    const rendered = canEditRow.mock.calls.length;
    expect(rendered).toBeGreaterThan(0);
    act(() => counted(60));
    expect(await screen.findByText('Total: 60')).toBeInTheDocument();
    expect(canEditRow).toHaveBeenCalledTimes(rendered);
  });

  it('offers Count again when the total cannot be counted, and shows the total once counted again', async () => {
    expectConsoleError('List total could not be counted');
    jest.useFakeTimers();
    let failing = true;
    const fetchPage = jest.fn(async ({ offset = 0, limit = 25, count }: ListParams) => {
      if (count === 'only') {
        if (failing) throw new Error('count stopped');
        return page([], 60);
      }
      return { items: rows(offset, limit), total: offset + limit + 1, totalKnown: false };
    });
    renderWithPortal(<GenericList<Row> listName="uncounted" columns={COLUMNS} fetchPage={fetchPage} height={400} />);
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    expect(screen.getByText('Name 0')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Counting…' })).toBeInTheDocument();
    for (let i = 0; i < 3; i += 1)
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5_000);
      });
    jest.useRealTimers();
    expect(screen.queryByRole('status', { name: 'Counting…' })).not.toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: /Count again/ }));
    expect(await screen.findByText('Total: 60')).toBeInTheDocument();
  });

  it('keeps cells still when only the selection changes', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const renderName = jest.fn((row: Row) => row.name);
    const columns: ListColumn<Row>[] = [{ key: 'name', title: 'Name', render: renderName }, COLUMNS[1]];
    renderWithPortal(<GenericList<Row> listName="still" columns={columns} fetchPage={async () => page(rows(0, 10))} height={400} onDelete={jest.fn()} />);
    await screen.findByText('Name 3');
    renderName.mockClear();
    await user.click(rowCheckbox('Name 3'));
    expect(screen.getByRole('button', { name: /Delete selected \(1\)/ })).toBeInTheDocument();
    expect(renderName).not.toHaveBeenCalled();
  });

  it('opens a row on double click', async () => {
    const onRowDoubleClick = jest.fn();
    setup({ onRowDoubleClick });
    fireEvent.doubleClick(await screen.findByText('Name 2'));
    expect(onRowDoubleClick).toHaveBeenCalledWith(expect.objectContaining({ tid: 2 }));
  });

  it('dims expired rows and does not highlight their text', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    setup({ isRowExpired: (row) => row.tid === 1 });
    await screen.findByText('Name 1');
    expect(screen.getByText('Name 1').closest('.ant-table-row')).toHaveClass('portal-list-row-expired');
    expect(screen.getByText('Name 0').closest('.ant-table-row')).not.toHaveClass('portal-list-row-expired');
    await user.click(within(header('Name')!).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search Name' }), 'Name');
    await user.click(screen.getByRole('button', { name: /Search$/ }));
    await screen.findByText('Filtered: 60');
    expect(screen.getAllByText('Name', { selector: 'mark' }).length).toBeGreaterThan(0);
    const expired = document.querySelector('.portal-list-row-expired') as HTMLElement;
    expect(expired).toHaveTextContent('Name 1');
    expect(expired.querySelector('mark')).toBeNull();
  });
});

describe('GenericList search and sort', () => {
  it('a column search reloads from offset 0, shows the Filtered tag, and Reset All Filters clears it', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { fetchPage } = setup();
    await screen.findByText('Name 0');
    await user.click(within(header('Code')!).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search Code' }), '/^C1/');
    await user.click(screen.getByRole('button', { name: /Search$/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: { code: '/^C1/' }, order: null, offset: 0, limit: 25, count: 'skip' }));
    expect(await screen.findByText('Filtered: 60')).toBeInTheDocument();
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Reset All Filters' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ searchTexts: {}, offset: 0 })));
    await waitFor(() => expect(screen.queryByText(/Filtered:/)).not.toBeInTheDocument());
  });

  it('Total counts the whole list and Filtered the rows a search matches, also after a refresh', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const fetchPage = jest.fn(async ({ searchTexts = {}, offset = 0, limit = 25 }: ListParams) =>
      searchTexts.code ? page(rows(10, 2), 2) : page(rows(offset, Math.min(limit, 60 - offset)), 60),
    );
    renderWithPortal(<GenericList<Row> listName="test" columns={COLUMNS} fetchPage={fetchPage} height={400} />);
    await screen.findByText('Name 0');
    await user.click(within(header('Code')!).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search Code' }), 'C1');
    await user.click(screen.getByRole('button', { name: /Search$/ }));
    expect(await screen.findByText('Filtered: 2')).toBeInTheDocument();
    expect(screen.getByText('Total: 60')).toBeInTheDocument();
    // A refresh may follow a change of the rows: the whole list is counted again, still without the search.
    fetchPage.mockClear();
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith({ searchTexts: {}, order: null, count: 'only' }));
    expect(await screen.findByText('Total: 60')).toBeInTheDocument();
    expect(screen.getByText('Filtered: 2')).toBeInTheDocument();
  });

  it("shows no Filtered count while a search's first page is still coming", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    let release: () => void = () => undefined;
    const fetchPage = jest.fn(async ({ searchTexts = {}, offset = 0, limit = 25 }: ListParams) => {
      if (!searchTexts.code) return page(rows(offset, Math.min(limit, 60 - offset)), 60);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return page(rows(10, 2), 2);
    });
    renderWithPortal(<GenericList<Row> listName="test" columns={COLUMNS} fetchPage={fetchPage} height={400} />);
    await screen.findByText('Name 0');
    await user.click(within(header('Code')!).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search Code' }), 'C1');
    await user.click(screen.getByRole('button', { name: /Search$/ }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ searchTexts: { code: 'C1' } })));
    expect(screen.queryByText(/Filtered:/)).not.toBeInTheDocument();
    expect(screen.getByText('Total: 60')).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('Filtered: 2')).toBeInTheDocument();
  });

  it('opens a column search from the keyboard: a named tab stop that Enter opens (not sorts), and the focus comes back after the search', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { fetchPage } = setup();
    await screen.findByText('Name 0');
    const trigger = within(header('Code')!).getByRole('button', { name: 'Search Code' });
    expect(trigger).toHaveAttribute('tabindex', '0');
    act(() => trigger.focus());
    await user.keyboard('{Enter}');
    const box = await screen.findByRole('textbox', { name: 'Search Code' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.keyboard('C1{Enter}');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ searchTexts: { code: 'C1' }, order: null, offset: 0, limit: 25, count: 'skip' }));
    expect(fetchPage.mock.calls.every(([params]) => !params.order)).toBe(true);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('a regular expression the server refuses shows its message at the column search box, not an empty filtered list', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const fetchPage = jest.fn(async ({ searchTexts = {}, offset = 0, limit = 25 }: ListParams) => {
      if (searchTexts.code) throw { status: 400, code: 'INVALID_REGEX', details: { field: 'code', reason: 'Backreferences are not supported' } };
      return page(rows(offset, Math.min(limit, 60 - offset)), 60);
    });
    renderWithPortal(<GenericList<Row> listName="test" columns={COLUMNS} fetchPage={fetchPage} height={400} />);
    await screen.findByText('Name 0');
    await user.click(within(header('Code')!).getByRole('button'));
    await user.type(screen.getByRole('textbox', { name: 'Search Code' }), '/(a)\\1/');
    await user.click(screen.getByRole('button', { name: /Search$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This regular expression cannot be used');
    expect(screen.getByRole('textbox', { name: 'Search Code' })).toHaveValue('/(a)\\1/');
    expect(screen.getByRole('textbox', { name: 'Search Code' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByText('Name 0')).toBeInTheDocument());
    expect(screen.queryByText(/Filtered:/)).not.toBeInTheDocument();
    expect(screen.getByText('Total: 60')).toBeInTheDocument();
  });

  it('clicking a header sorts ascending, then descending, reloading from offset 0', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { fetchPage } = setup();
    await screen.findByText('Name 0');
    await user.click(screen.getByText('Name', { selector: '.ant-table-column-title' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ order: ['name', 'asc'], offset: 0 })));
    await user.click(screen.getByText('Name', { selector: '.ant-table-column-title' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ order: ['name', 'desc'], offset: 0 })));
  });
});

describe('GenericList header', () => {
  it('offers Add, Delete selected and Import, and the menu entries in the spec order', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    setup({
      onAdd: jest.fn(),
      onDelete: jest.fn(),
      onDeleteAll: jest.fn(),
      importer: { onImport: jest.fn() },
      exporter: { url: '/x/export' },
      sync: { url: 'https://example.org/list', onSync: jest.fn() },
      addItemsTo: { storeId: 1, from: 'catalogue' },
    });
    await screen.findByText('Name 0');
    expect(screen.getByRole('button', { name: /Add/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete selected/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Import/ })).toBeInTheDocument();
    await openMenu(user);
    const entries = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(entries).toEqual([
      'Add All Items To',
      'Add Selected Items To',
      'Sync Items',
      'Export Items',
      'Select Fields',
      'Delete All',
      'Refresh',
      'Reset All Filters',
    ]);
  });

  it('leaves out what the list does not support (no sync without a sync URL)', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    setup({ sync: { url: '', onSync: jest.fn() } });
    await screen.findByText('Name 0');
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    await openMenu(user);
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Select Fields', 'Refresh', 'Reset All Filters']);
  });

  it('shows the edit-parent circle button unless the parent is UNGROUPED', async () => {
    const onEdit = jest.fn();
    const first = setup({ parent: { tid: 7, onEdit } });
    await screen.findByText('Name 0');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalled();
    first.unmount();
    setup({ parent: { tid: 'UNGROUPED', onEdit } });
    await screen.findByText('Name 0');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers no edit button on rows canEditRow refuses (the synthetic UNGROUPED group)', async () => {
    setup({ onEdit: jest.fn(), canEditRow: (row) => row.tid !== 0 }, 3);
    await screen.findByText('Name 0');
    // The row actions' column has a header screen readers name (tables with headers).
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const editIn = (name: string) => within(screen.getByText(name).closest('.ant-table-row') as HTMLElement).queryByRole('button', { name: 'Edit' });
    expect(editIn('Name 0')).toBeNull();
    expect(editIn('Name 1')).not.toBeNull();
  });

  it("names a row's actions in a tooltip when pointed at, the button itself left as it was", async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onEdit = jest.fn();
    setup({ onEdit, onDelete: jest.fn() }, 3);
    await screen.findByText('Name 1');
    const edit = within(screen.getByText('Name 1').closest('.ant-table-row') as HTMLElement).getByRole('button', { name: 'Edit' });
    await user.hover(edit);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    const del = within(screen.getByText('Name 1').closest('.ant-table-row') as HTMLElement).getByRole('button', { name: 'Delete' });
    await user.hover(del);
    await waitFor(() => expect(screen.getAllByRole('tooltip').at(-1)).toHaveTextContent('Delete'));
    await user.hover(edit);
    // The very button pointed at takes the click.
    expect(within(screen.getByText('Name 1').closest('.ant-table-row') as HTMLElement).getByRole('button', { name: 'Edit' })).toBe(edit);
    await user.click(edit);
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ tid: 1 }));
    await user.unhover(edit);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('Refresh reloads from offset 0', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { fetchPage } = setup();
    await screen.findByText('Name 0');
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 0 }));
  });
});

describe('GenericList delete confirmations', () => {
  it('asks once for one element, deletes it after confirming and reloads', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onDelete = jest.fn().mockResolvedValue(undefined);
    const { fetchPage } = setup({ onDelete });
    await screen.findByText('Name 0');
    await user.click(rowCheckbox('Name 4'));
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this element?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(within(dialog).getByText('This operation cannot be undone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith([4]);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('uses the plural text for several elements and does nothing on cancel', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onDelete = jest.fn();
    setup({ onDelete });
    await screen.findByText('Name 0');
    await user.click(rowCheckbox('Name 1'));
    await user.click(rowCheckbox('Name 2'));
    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete these 2 elements?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('Delete All asks for confirmation first', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onDeleteAll = jest.fn().mockResolvedValue(undefined);
    setup({ onDeleteAll });
    await screen.findByText('Name 0');
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete All' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete all the elements?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    expect(onDeleteAll).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDeleteAll).toHaveBeenCalled();
  });
});

describe('GenericList column selection', () => {
  const visibleHeaders = () =>
    screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter(Boolean);

  it('saves the chosen columns in order under visibleColumns[listName] and resets to default', async () => {
    // Select Fields still uses antd's List, deprecated since antd 6.6 (to be replaced): antd notes it once per file.
    allowConsoleError('[antd: List] The `List` component is deprecated');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { store } = setup();
    await screen.findByText('Name 0');
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Select Fields' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Created up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Created up' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(store.getState().auth.settings.visibleColumns).toEqual({ test: ['createdAt', 'name'] });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Created', 'Name']));

    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Select Fields' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to default' }));
    expect(store.getState().auth.settings.visibleColumns).toEqual({ test: ['name', 'code', 'createdAt'] });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Name', 'Code', 'Created']));
  });

  it('reads a saved choice, and falls back to the default when the stored value has the wrong shape', async () => {
    const first = setup();
    act(() => {
      first.store.dispatch(settingsSaved({ selectedStoreId: null, dashboardItems: {}, visibleColumns: { test: ['code'] } }));
    });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Code']));
    act(() => {
      first.store.dispatch(settingsSaved({ visibleColumns: { test: 'code' } } as never));
    });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Name', 'Code', 'Created']));
    act(() => {
      first.store.dispatch(settingsSaved({ visibleColumns: { test: ['gone', 42] } } as never));
    });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Name', 'Code', 'Created']));
    act(() => {
      first.store.dispatch(settingsSaved({ visibleColumns: null } as never));
    });
    await waitFor(() => expect(visibleHeaders()).toEqual(['Name', 'Code', 'Created']));
  });
});
