import { useRef, useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space, type FormInstance } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { logger, saveBlob } from '@portal/api';
import { useListsTranslation } from '../i18n';
import { fieldControl } from './FieldControl';
import { ObjectField, type ObjectFieldRules } from './ObjectField';
import { fieldRules } from './rules';
import type { Dynamic, FormField, FormValues } from './types';
import { readBlobText } from '../format/readBlobText';
import { useKeepContent } from './useKeepContent';
import { useOnOpening } from '../useOnOpening';
import { exportedValues, importedValues, initialValues, submittedValues } from './values';
import { useStackedDialog } from './dialogStack';
import { EXPORT_FILE_NAME, MODAL_FORM_BODY_MAX_HEIGHT, MODAL_FORM_WIDTH } from './sizes';

export interface ModalFormProps<V extends FormValues = FormValues> {
  open: boolean;
  title: ReactNode;
  fields: FormField[];
  /**
   * Receives the valid values (object fields as objects); the dialog stays open until the caller closes it. A
   * save that fails must reject (after telling the user): the object fields are reset only after a save that
   * went through, so a failed one keeps every value.
   */
  onOk: (values: V) => Promise<unknown> | unknown;
  onCancel: () => void;
  okText?: ReactNode;
  /** Offer JSON Import / Export of the form's values. */
  showImport?: boolean;
  showExport?: boolean;
}

const resolve = <V,>(value: Dynamic<V> | undefined, values: FormValues, fallback: V): V =>
  typeof value === 'function' ? (value as (v: FormValues) => V)(values) : (value ?? fallback);

function FieldItem({ field, form }: { field: FormField; form: FormInstance }) {
  const { t } = useListsTranslation();
  const item = (values: FormValues) => {
    if (!resolve(field.visible, values, true)) return null;
    const disabled = resolve(field.disabled, values, false);
    if (field.type === 'object') {
      return (
        <Form.Item label={field.label} required={field.required}>
          <ObjectField name={field.name} disabled={disabled} rules={fieldRules(field, t) as ObjectFieldRules} />
        </Form.Item>
      );
    }
    return (
      <Form.Item
        name={field.type === 'button' ? undefined : field.name}
        label={field.label}
        required={field.required}
        rules={fieldRules(field, t)}
        dependencies={field.dependencies}
        valuePropName={field.type === 'switch' ? 'checked' : 'value'}
        help={field.help}
      >
        {fieldControl(field, disabled, form)}
      </Form.Item>
    );
  };
  const dynamic = typeof field.visible === 'function' || typeof field.disabled === 'function';
  if (!dynamic) return item({});
  // Recomputed when a dependency changes (or any value when none is named).
  return field.dependencies ? (
    <Form.Item noStyle dependencies={field.dependencies}>
      {() => item(form.getFieldsValue(true) as FormValues)}
    </Form.Item>
  ) : (
    <Form.Item noStyle shouldUpdate>
      {() => item(form.getFieldsValue(true) as FormValues)}
    </Form.Item>
  );
}

/**
 * The generic modal form of access-shell-dashboard §2/§4: 640 px, body at most 520 px, Cancel and Save
 * (custom text), optional JSON Import/Export. Submit: loading → validate → onOk → object fields reset.
 * Validation and import parse failures are only logged.
 */
export function ModalForm<V extends FormValues = FormValues>({ open, title, fields, onOk, onCancel, okText, showImport, showExport }: ModalFormProps<V>) {
  const { t } = useListsTranslation();
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const render = useKeepContent(open);
  const fileInput = useRef<HTMLInputElement>(null);
  const objectFields = fields.filter((f) => f.type === 'object').map((f) => f.name);

  // Every opening starts from the fields' current initial values (e.g. the record being edited).
  useOnOpening(open, () => form.resetFields());

  const submit = async () => {
    setLoading(true);
    try {
      const values = (await form.validateFields()) as FormValues;
      await onOk(submittedValues({ ...form.getFieldsValue(true), ...values }, fields) as V);
      form.resetFields(objectFields);
    } catch (error) {
      logger.error('Form not saved', error);
    } finally {
      setLoading(false);
    }
  };
  const cancel = () => {
    form.resetFields();
    onCancel();
  };
  // Escape closes the dialog opened last (a closed force-rendered form would take it from antd's own handling).
  const stacked = useStackedDialog(open, cancel);
  const importJson = async (file: File | undefined) => {
    if (!file) return;
    try {
      form.setFieldsValue(importedValues(JSON.parse(await readBlobText(file)) as unknown, fields));
    } catch (error) {
      logger.error('Form import failed', error);
    }
  };
  const exportJson = () => {
    const values = exportedValues(form.getFieldsValue(true) as FormValues, fields);
    saveBlob(new Blob([JSON.stringify(values, null, 2)], { type: 'application/json' }), EXPORT_FILE_NAME);
  };

  const footer = (
    <div style={{ display: 'flex', justifyContent: 'space-between' }}>
      <Space>
        {showImport && (
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {t('form.import')}
          </Button>
        )}
        {showExport && (
          <Button icon={<DownloadOutlined />} onClick={exportJson}>
            {t('form.export')}
          </Button>
        )}
      </Space>
      <Space>
        <Button onClick={cancel}>{t('cancel')}</Button>
        <Button type="primary" loading={loading} onClick={() => void submit()}>
          {okText ?? t('save')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Modal
      open={open}
      title={title}
      width={MODAL_FORM_WIDTH}
      styles={{ body: { maxHeight: MODAL_FORM_BODY_MAX_HEIGHT, overflowY: 'auto' } }}
      onCancel={cancel}
      footer={footer}
      forceRender
      {...stacked}
    >
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        data-testid="modal-form-import-input"
        style={{ display: 'none' }}
        onChange={(e) => {
          void importJson(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* The form instance stays connected; its fields render only while open (plus 500 ms after closing). */}
      <Form form={form} layout="vertical" initialValues={initialValues(fields)} onFinish={() => void submit()}>
        {render && fields.map((field) => <FieldItem key={field.name} field={field} form={form} />)}
      </Form>
    </Modal>
  );
}
