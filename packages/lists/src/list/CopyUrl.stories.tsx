import type { Meta, StoryObj } from '@storybook/react';
import { CopyUrl } from './CopyUrl';

const meta = { title: 'Lists/CopyUrl', component: CopyUrl, args: { url: 'https://portal.example.org/capacities/4f9c2a' } } satisfies Meta<typeof CopyUrl>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Click the copy button: 'Copied!' shows for 2 seconds. */
export const WithLink: Story = {};
export const ButtonOnly: Story = { args: { showLink: false } };
