import type { Meta, StoryObj } from '@storybook/react';
import { fn } from '@storybook/test';
import { SelectFieldsModal } from './SelectFieldsModal';
import type { ListColumn } from './types';

const COLUMNS: ListColumn<unknown>[] = [
  { key: 'code', title: 'Barcode' },
  { key: 'objectId', title: 'RFID' },
  { key: 'field1', title: 'Title' },
  { key: 'field2', title: 'Author' },
  { key: 'date', title: 'Date', defaultVisible: false },
];
const FieldsModal = SelectFieldsModal<unknown>;

const meta = {
  title: 'Lists/SelectFieldsModal',
  component: FieldsModal,
  args: { open: true, columns: COLUMNS, visibleKeys: ['field1', 'code'], onSave: fn(), onResetToDefault: fn(), onClose: fn() },
} satisfies Meta<typeof FieldsModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The saved choice first, in its order, then the hidden columns; Reset to default. */
export const SavedChoice: Story = {};
export const Defaults: Story = { args: { visibleKeys: ['code', 'objectId', 'field1', 'field2'] } };
