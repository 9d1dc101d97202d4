import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addItemsTo, createListEntry, getListPage, listEntryExists } from '@portal/api';
import { renderWithPortal } from '../testing/render';
import { AddItemsToModal, type AddItemsToModalProps } from './AddItemsToModal';

jest.mock('@portal/api', () => ({
  ...jest.requireActual('@portal/api'),
  addItemsTo: jest.fn(),
  createListEntry: jest.fn(),
  getListPage: jest.fn(),
  listEntryExists: jest.fn(),
}));
jest.setTimeout(60000);

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = () => screen.getByRole('dialog');
// The name carries the loading icon's label until antd's button has caught up with its loading prop.
const okButton = () => within(dialog()).getByRole('button', { name: /(^|loading )(Add|OK)$/ });

function setup(props: Partial<AddItemsToModalProps> = {}) {
  const onClose = jest.fn();
  renderWithPortal(
    <AddItemsToModal open storeId={3} from="catalogue" parentId={8} itemIds={[11, 12]} searchTexts={{ code: 'B' }} onClose={onClose} {...props} />,
  );
  return { onClose };
}
async function typeName(name: string) {
  await user().type(within(dialog()).getByRole('textbox', { name: 'Name' }), name);
}

beforeEach(() => {
  jest.mocked(getListPage).mockImplementation(async (url) => ({
    items: url.endsWith('/catalogues') ? [{ tid: 5, name: 'Fiction' }] : [{ tid: 6, name: 'Wanted' }],
    total: 1,
  }));
  jest.mocked(listEntryExists).mockResolvedValue({ exists: false });
  jest.mocked(createListEntry).mockResolvedValue({ tid: 77 });
  jest.mocked(addItemsTo).mockResolvedValue({ numItems: 2, numItemsInserted: 1 });
});
afterEach(() => jest.resetAllMocks());

describe('AddItemsToModal', () => {
  it('has tabs Catalogue and Search List, each with New or Existing', async () => {
    setup();
    expect(within(dialog()).getByRole('tab', { name: 'Catalogue' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getByRole('tab', { name: 'Search List' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('radio', { name: 'New' })).toBeChecked();
    expect(within(dialog()).getByRole('radio', { name: 'Existing' })).toBeInTheDocument();
    // The lists of existing entries load after the first render: the test ends once they have.
    await waitFor(() => expect(getListPage).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
  });

  it.each([
    ['', false, 'Catalogue name cannot be empty'],
    ['Fiction', true, 'A catalogue with this name already exists'],
  ])('INIT rejects the new name %j with "%s"', async (name, exists, message) => {
    jest.mocked(listEntryExists).mockResolvedValue({ exists });
    setup();
    if (name) await typeName(name);
    else await typeName('   ');
    await user().click(okButton());
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(addItemsTo).not.toHaveBeenCalled();
  });

  it("says 'Error checking catalogue name' when the check fails", async () => {
    expectConsoleError('Name check failed');
    jest.mocked(listEntryExists).mockRejectedValue(new Error('offline'));
    setup();
    await typeName('New one');
    await user().click(okButton());
    expect(await within(dialog()).findByText('Error checking catalogue name')).toBeInTheDocument();
  });

  it('a name typed in one tab is not carried to the other', async () => {
    setup();
    await typeName('Novedades');
    await user().click(within(dialog()).getByRole('tab', { name: 'Search List' }));
    expect(within(dialog()).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await user().click(okButton());
    expect(await within(dialog()).findByText('Search list name cannot be empty')).toBeInTheDocument();
    expect(createListEntry).not.toHaveBeenCalled();
  });

  it('has the search list equivalents', async () => {
    jest.mocked(listEntryExists).mockResolvedValue({ exists: true });
    setup();
    await user().click(within(dialog()).getByRole('tab', { name: 'Search List' }));
    await user().click(okButton());
    expect(await within(dialog()).findByText('Search list name cannot be empty')).toBeInTheDocument();
    await typeName('Wanted');
    await user().click(okButton());
    expect(await within(dialog()).findByText('A search list with this name already exists')).toBeInTheDocument();
    expect(listEntryExists).toHaveBeenCalledWith('/api/stores/3/searchLists', { name: 'Wanted' });
  });

  it('creates the new catalogue, adds the items (ADDING, then SUCCESS) and OK returns to INIT and closes', async () => {
    let finish: (r: { numItems: number; numItemsInserted: number }) => void = () => {};
    jest.mocked(addItemsTo).mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const { onClose } = setup();
    await typeName('  Summer  ');
    await user().click(okButton());
    await waitFor(() => expect(addItemsTo).toHaveBeenCalled());
    expect(listEntryExists).toHaveBeenCalledWith('/api/stores/3/catalogues', { name: 'Summer' });
    expect(createListEntry).toHaveBeenCalledWith('/api/stores/3/catalogues', { name: 'Summer' });
    expect(addItemsTo).toHaveBeenCalledWith('/api/stores/3/catalogues/77', 'catalogue', {
      parentId: 8,
      compareId: undefined,
      itemIds: [11, 12],
      searchTexts: { code: 'B' },
    });
    expect(within(dialog()).getByRole('button', { name: /Add/ })).toHaveClass('ant-btn-loading');
    finish({ numItems: 2, numItemsInserted: 1 });
    expect(await within(dialog()).findByText('1 of 2 items added')).toBeInTheDocument();
    await waitFor(() => expect(okButton()).not.toHaveClass('ant-btn-loading'));
    await user().click(okButton());
    expect(onClose).toHaveBeenCalled();
  });

  it('adds to an existing search list without creating one', async () => {
    setup({ itemIds: [] });
    await user().click(within(dialog()).getByRole('tab', { name: 'Search List' }));
    await user().click(within(dialog()).getByRole('radio', { name: 'Existing' }));
    await user().click(okButton());
    expect(await within(dialog()).findByText('Choose a search list')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Search List' }));
    fireEvent.click(await screen.findByTitle('Wanted'));
    await user().click(okButton());
    await waitFor(() => expect(addItemsTo).toHaveBeenCalledWith('/api/stores/3/searchLists/6', 'catalogue', expect.objectContaining({ itemIds: [] })));
    expect(createListEntry).not.toHaveBeenCalled();
  });

  it("FAILED shows 'Items Not Added' with the message; cancel then closes", async () => {
    expectConsoleError('Items not added');
    jest.mocked(addItemsTo).mockRejectedValue({ status: 409, code: 'NameAlreadyExistsMessage' });
    const { onClose } = setup();
    await typeName('Summer');
    await user().click(okButton());
    expect(await within(dialog()).findByText('Items Not Added')).toBeInTheDocument();
    expect(within(dialog()).getByText('A list with this name already exists')).toBeInTheDocument();
    expect(within(dialog()).queryByText('NameAlreadyExistsMessage')).not.toBeInTheDocument();
    await user().click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
