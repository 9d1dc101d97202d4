import { Suspense, useState } from 'react';
import { lazyDialog } from '@portal/ui';
import type { ModalFormProps } from './ModalForm';
import type { FormValues } from './types';

// The form dialog's code (antd's Form and inputs, the field controls) is fetched when a form first opens: the list
// pages mount their add and edit forms closed, and their first view no longer loads it.
const ModalFormDialog = lazyDialog(
  () => import(/* webpackChunkName: "modal-form" */ './ModalForm'),
  'ModalForm',
  (props) => props.onCancel(),
);

/** The modal form (./ModalForm), mounted from its first opening on: it keeps its state and closing motion after. */
export function ModalForm<V extends FormValues = FormValues>(props: ModalFormProps<V>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalFormDialog {...props} />
    </Suspense>
  );
}
