import { i18n } from '@portal/i18n';
import { LISTS_NS } from '../i18n';
import { exportColumnsOf } from './exportColumns';
import type { ListColumn } from './types';

interface Row {
  code: string;
  status: string;
  offline: boolean;
  store: { name: string };
  details: string;
}

const columns: ListColumn<Row>[] = [
  { key: 'code', title: 'Code' },
  { key: 'status', title: 'Estado', exportValues: { SUCCESS: 'Correcto' } },
  { key: 'offline', title: 'Sin conexión', type: 'boolean' },
  { key: 'store.name', dataIndex: ['store', 'name'], title: 'Biblioteca' },
  { key: 'details', title: 'Detalles', exportable: false },
];

describe('export columns', () => {
  it('carry the labels the cells show: the column’s own, Yes/No of booleans in the user’s language', () => {
    expect(exportColumnsOf(columns, i18n.getFixedT('es', LISTS_NS))).toEqual([
      { dataIndex: 'code', title: 'Code' },
      { dataIndex: 'status', title: 'Estado', values: { SUCCESS: 'Correcto' } },
      { dataIndex: 'offline', title: 'Sin conexión', values: { true: 'Sí', false: 'No' } },
      { dataIndex: ['store', 'name'], title: 'Biblioteca' },
    ]);
    expect(exportColumnsOf(columns, i18n.getFixedT('fr', LISTS_NS))[2].values).toEqual({ true: 'Oui', false: 'Non' });
  });
});
