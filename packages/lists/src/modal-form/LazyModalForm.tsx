import { lazyDialog } from '@portal/ui';

/**
 * The modal form (./ModalForm), fetched when a form first opens: the list pages mount their add and edit forms
 * closed, and their first view no longer loads its code (antd's Form and inputs, the field controls).
 */
export const ModalForm = lazyDialog(
  () => import(/* webpackChunkName: "modal-form" */ './ModalForm'),
  'ModalForm',
  (props) => props.onCancel(),
);
