import type { Meta, StoryObj } from '@storybook/react';
import { fn, userEvent, within } from '@storybook/test';
import { SyncModal } from './SyncModal';

const meta = {
  title: 'Lists/SyncModal',
  component: SyncModal,
  args: { open: true, syncUrl: 'https://opac.example.org/lists/fiction.csv', onSync: fn(async () => ({ numItems: 120, numItemsInserted: 14 })), onClose: fn() },
} satisfies Meta<typeof SyncModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const clickSync = async () => userEvent.click(await within(document.body).findByRole('button', { name: 'Sync' }));

/** Asks for confirmation and shows the sync URL. */
export const Confirm: Story = {};
export const Syncing: Story = { args: { onSync: fn(() => new Promise(() => {})) }, play: clickSync };
/** Synced of total; the buttons are disabled once there is a result. */
export const Success: Story = { play: clickSync };
/** 'Error Syncing Items' with the message. */
export const Failed: Story = {
  args: {
    onSync: fn(async () => {
      throw { status: 502, code: 'SYNC_FAILED' };
    }),
  },
  play: clickSync,
};
