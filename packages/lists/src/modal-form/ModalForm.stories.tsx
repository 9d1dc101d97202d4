import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { ModalForm } from './ModalForm';
import type { FormField } from './types';

/** One field of every type. */
const ALL_TYPES: FormField[] = [
  { type: 'input', name: 'name', label: 'Name', required: true },
  { type: 'number', name: 'capacity', label: 'Capacity', min: 1, initialValue: 20 },
  { type: 'password', name: 'password', label: 'Password' },
  { type: 'select', name: 'method', label: 'Method', initialValue: 'POST', selectOptions: ['POST', 'PUT', 'DELETE'].map((v) => ({ value: v, text: v })) },
  {
    type: 'treeselect',
    name: 'regions',
    label: 'Regions',
    mode: 'multiple',
    treeData: [
      {
        title: 'North',
        value: 'north',
        children: [
          { title: 'Central library', value: 'store:1' },
          { title: 'Harbour branch', value: 'store:2' },
        ],
      },
    ],
  },
  {
    type: 'radio',
    name: 'flavor',
    label: 'Flavour',
    initialValue: 'LIBTECS',
    radioOptions: [
      { value: 'LIBTECS', text: 'LIBTECS' },
      { value: 'DIALOCID', text: 'DIALOCID' },
    ],
  },
  { type: 'date', name: 'expirationDate', label: 'Expiration date' },
  { type: 'time', name: 'resetTime', label: 'Reset time', step: 15 },
  { type: 'datetime', name: 'since', label: 'Since' },
  { type: 'switch', name: 'attachData', label: 'Attach data', initialValue: true },
  { type: 'input', name: 'url', label: 'URL (shown while Attach data is on)', dependencies: ['attachData'], visible: (v) => v.attachData === true },
  { type: 'object', name: 'params', label: 'Params', initialValue: { limit: 10, filter: { status: 'open' } } },
  { type: 'button', name: 'test', label: 'Test', buttonText: 'Test the URL', onClick: fn() },
  { type: 'custom', name: 'note', label: 'Custom', render: () => <em>Any control can be placed here.</em> },
];

const meta = {
  title: 'Lists/ModalForm',
  component: ModalForm,
  args: { open: true, title: 'Additional operation', fields: ALL_TYPES, onOk: fn(), onCancel: fn(), showImport: true, showExport: true },
} satisfies Meta<typeof ModalForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllFieldTypes: Story = {};

export const CustomSaveText: Story = { args: { okText: 'Create', showImport: false, showExport: false, fields: ALL_TYPES.slice(0, 4) } };

/** Saving with an empty or whitespace-only required field shows 'FieldRequiredMessage' with its label. */
export const RequiredError: Story = {
  args: { fields: ALL_TYPES.slice(0, 2) },
  play: async () => {
    const body = within(document.body);
    await userEvent.type(await body.findByRole('textbox', { name: 'Name' }), '   ');
    await userEvent.click(body.getByRole('button', { name: 'Save' }));
    await expect(await body.findByText('Name is required')).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { fields: ALL_TYPES.slice(0, 6).map((f) => ({ ...f, disabled: true })) } };
