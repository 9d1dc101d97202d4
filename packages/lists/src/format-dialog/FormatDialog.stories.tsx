import type { Meta, StoryObj } from '@storybook/react';
import { fn } from '@storybook/test';
import { FormatButton } from './FormatButton';
import { FormatDialog } from './FormatDialog';

const SAVED = { fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'other', otherSeparator: '|' };
const api = { 'GET /api/format': { data: SAVED }, 'PUT /api/format': (body: unknown) => ({ data: body }) };

const meta = { title: 'Lists/FormatDialog', component: FormatDialog, args: { open: true, onClose: fn() }, parameters: { api } } satisfies Meta<
  typeof FormatDialog
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The saved format, read on opening (an 'other' separator shows its text). */
export const Open: Story = {};

/** The saved format cannot be read: the defaults show. */
export const FormatUnreadable: Story = { parameters: { api: { 'GET /api/format': { status: 500, data: { code: 'INTERNAL_SERVER_ERROR' } } } } };

/** Saving fails: a message says so and the dialog stays. */
export const SaveFails: Story = { parameters: { api: { ...api, 'PUT /api/format': { status: 500, data: { code: 'INTERNAL_SERVER_ERROR' } } } } };

/** The orange outlined button (tooltip 'IfYouDontSeeItemsMessage') that opens it. */
export const Button: StoryObj<typeof FormatButton> = { render: () => <FormatButton /> };
