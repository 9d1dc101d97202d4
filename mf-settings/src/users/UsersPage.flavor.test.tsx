import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, getUsers } from '@portal/api';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { forgetDeploySettings } from '@portal/session';
import { person, signedIn } from '../testing';
import { UsersPage } from './UsersPage';

jest.mock('@portal/api', () => ({ ...jest.requireActual('@portal/api'), getUsers: jest.fn() }));
jest.setTimeout(60_000);

const dialog = () => within(document.querySelector('.ant-modal') as HTMLElement);
const row = (name: string) => within(screen.getByText(name).closest('.ant-table-row') as HTMLElement);
const field = (id: string) => document.getElementById(id) as HTMLInputElement | null;

const ADMIN = person(1, 'admin', 'admin', []);

beforeEach(() => {
  jest.mocked(getUsers).mockResolvedValue({ items: [ADMIN, person(3, 'manager', 'user', ['manager'])], total: 2 });
});

describe('UsersPage: the {product} flavour', () => {
  it("reads as the deployed product name in the Flavor column and the form's options, never as {product}", async () => {
    forgetDeploySettings();
    jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url === '/portal-config.json') return { productName: 'Biblio Red', supportEmail: '', newsUrl: '' };
      throw new Error(`unexpected GET ${url}`);
    });
    renderWithPortal(<UsersPage title="Users" />, { store: signedIn(ADMIN), path: '/users' });
    await screen.findByText('manager Pérez');
    expect(await row('manager Pérez').findByText('Biblio Red')).toBeInTheDocument();
    fireEvent.click(row('manager Pérez').getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(field('userName')).toHaveValue('manager'));
    expect(dialog().getByText('Biblio Red')).toBeInTheDocument();
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: 'Flavor' }));
    const options = await screen.findAllByText(/Biblio Red|LIBTECS|DIALOCID/, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['Biblio Red', 'LIBTECS', 'DIALOCID']);
    expect(screen.getByRole('table').textContent).not.toContain('{product}');
  });
});
