import { fireEvent, screen } from '@testing-library/react';
import { SheetMapping } from '../import-modal/SheetMapping';
import { renderWithPortal } from '../testing/render';
import { importFieldLabels } from './importFieldLabels';

describe('the item fields as the list names them', () => {
  it("are the titles of the list's item field columns", () => {
    expect(
      importFieldLabels([
        { key: 'code', title: 'Codi de barres' },
        { key: 'field1', title: 'Títol' },
        { key: 'date', title: 'Data' },
        { key: 'field3', title: '' },
      ]),
    ).toEqual({ code: 'Codi de barres', field1: 'Títol' });
  });

  it('are what the column mapping offers, the generic names only for fields the list does not name', async () => {
    const sheet = { name: 'Full 1', data: [['Títol', 'x']], totalItems: 1, hasHeader: true };
    renderWithPortal(
      <SheetMapping
        sheets={[sheet]}
        sheetIndex={0}
        mapping={{ field1: 0 }}
        fieldLabels={{ code: 'Codi de barres', field1: 'Títol' }}
        showsSheetScope={false}
        scope="all"
        disabled={false}
        onSelectSheet={() => undefined}
        onScope={() => undefined}
        onMap={() => undefined}
      />,
    );
    const first = screen.getByRole('combobox', { name: 'Field of column 1' });
    expect(first.closest('.ant-select')).toHaveTextContent('Títol');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Field of column 2' }));
    await screen.findAllByText('Codi de barres', { selector: '.ant-select-item-option-content' });
    const labels = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(labels.slice(0, 4)).toEqual(['Do not import', 'Codi de barres', 'Object ID', 'Títol']);
    expect(labels).not.toContain('Field 1');
    expect(labels).toContain('Field 2');
  });
});
