import type { ComponentProps } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useListsTranslation } from '../i18n';

/** An object field: an editable list of key/value rows (e.g. an additional operation's params). */
/** Form.List takes validator rules only (the required rule of fieldRules is one). */
export type ObjectFieldRules = NonNullable<ComponentProps<typeof Form.List>['rules']>;

export function ObjectField({ name, disabled, rules }: { name: string; disabled?: boolean; rules?: ObjectFieldRules }) {
  const { t } = useListsTranslation();
  return (
    <Form.List name={name} rules={rules}>
      {(rows, { add, remove }, { errors }) => (
        <>
          {rows.map((row, index) => (
            <Space key={row.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
              <Form.Item name={[row.name, 'key']} noStyle>
                <Input placeholder={t('form.key')} aria-label={t('form.keyOfRow', { n: index + 1 })} disabled={disabled} />
              </Form.Item>
              <Form.Item name={[row.name, 'value']} noStyle>
                <Input placeholder={t('form.value')} aria-label={t('form.valueOfRow', { n: index + 1 })} disabled={disabled} />
              </Form.Item>
              <Button
                type="text"
                aria-label={t('form.removeRow', { n: index + 1 })}
                icon={<MinusCircleOutlined />}
                disabled={disabled}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => add({ key: '', value: '' })}>
            {t('form.addRow')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
