import type { Meta, StoryObj } from '@storybook/react';
import { fn, userEvent, within } from '@storybook/test';
import { AddItemsToModal } from './AddItemsToModal';

const api = (addReply: unknown = { data: { numItems: 12, numItemsInserted: 9 } }, exists = false) => ({
  'GET /api/stores/1/catalogues': {
    data: {
      items: [
        { tid: 3, name: 'Summer reading' },
        { tid: 4, name: 'Local history' },
      ],
      total: 2,
    },
  },
  'GET /api/stores/1/searchLists': { data: { items: [{ tid: 5, name: 'Missing books' }], total: 1 } },
  'POST /api/stores/1/catalogues/exists': { data: { exists } },
  'POST /api/stores/1/searchLists/exists': { data: { exists } },
  'POST /api/stores/1/catalogues': { data: { tid: 9, name: 'New', syncURL: null, autoSync: false, lastSync: null } },
  'POST /api/stores/1/catalogues/9/items/catalogue': addReply,
});

const meta = {
  title: 'Lists/AddItemsToModal',
  component: AddItemsToModal,
  args: { open: true, storeId: 1, from: 'catalogue', parentId: 7, itemIds: [], searchTexts: {}, onClose: fn() },
  parameters: { api: api() },
} satisfies Meta<typeof AddItemsToModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const addNamed = (name: string) => async () => {
  const body = within(document.body);
  await userEvent.type(await body.findByRole('textbox', { name: 'Name' }), name);
  await userEvent.click(body.getByRole('button', { name: 'Add' }));
};

/** INIT: tabs Catalogue and Search List, each New or Existing. */
export const Init: Story = {};
export const SelectedItems: Story = { args: { itemIds: [11, 12, 13] } };
/** §5: 'Catalogue name cannot be empty'. */
export const EmptyName: Story = { play: addNamed(' ') };
/** §5: 'A catalogue with this name already exists'. */
export const NameTaken: Story = { parameters: { api: api(undefined, true) }, play: addNamed('Summer reading') };
/** ADDING: OK loading. */
export const Adding: Story = { parameters: { api: api('pending') }, play: addNamed('New') };
/** SUCCESS: inserted of total. */
export const Success: Story = { play: addNamed('New') };
/** FAILED: 'Items Not Added' with the message. */
export const Failed: Story = { parameters: { api: api({ status: 400, data: { code: 'ADD_FROM_UNKNOWN' } }) }, play: addNamed('New') };
