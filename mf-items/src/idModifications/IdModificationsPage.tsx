import { Suspense, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Spin, Typography, message as antdMessage } from 'antd';
import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { ID_SCRIPT_EXAMPLE_ID } from '@portal/api';
import { lazyRetrying, PageFrame, type PageProps } from '@portal/ui';
import { NoLibrary } from '../catalogues/NoLibrary';
import type { ScriptCodeEditorProps } from './ScriptCodeEditor';
import { useIdModificationsTranslation } from './i18n';
import { SCRIPT_FIELDS, useIdModifications, type ScriptField } from './useIdModifications';

/**
 * CodeMirror is loaded with this screen only, in its own chunk. If it cannot arrive (the network lost, a release
 * gone), the script is edited in a plain text box: the highlighting is a help, the script is what matters.
 */
const ScriptCodeEditor = lazyRetrying<ScriptCodeEditorProps>(() => import('./ScriptCodeEditor').then((module) => module.default), PlainScriptEditor);

function PlainScriptEditor({ label, value, onChange }: ScriptCodeEditorProps) {
  return (
    <Input.TextArea
      aria-label={label}
      dir="ltr"
      spellCheck={false}
      autoSize={{ minRows: 6 }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ fontFamily: 'monospace' }}
    />
  );
}

/** /idModifications (data-areas §2, §8): the library's two scripts, each with its Test box, and Save. */
export function IdModificationsPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  if (!store) return <NoLibrary title={title} />;
  return <IdModifications storeId={store.tid} title={title} />;
}

function IdModifications({ storeId, title }: { storeId: number; title: string }) {
  const { t } = useIdModificationsTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const { scripts, tests, saving, edit, runTest, save } = useIdModifications(storeId);

  const onSave = async () => {
    const outcome = await save();
    if (outcome.saved) void message.success(t('saved'));
    else void message.error(t('saveError'));
  };

  return (
    <>
      {messageHolder}
      <PageFrame
        title={title}
        extra={
          <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!scripts} onClick={() => void onSave()}>
            {t('save')}
          </Button>
        }
      >
        {!scripts ? (
          <Spin />
        ) : (
          <Flex vertical gap={16}>
            <Typography.Text type="secondary">{t('help')}</Typography.Text>
            {SCRIPT_FIELDS.map((field) => (
              <ScriptEditor
                key={field}
                field={field}
                label={t(field)}
                script={scripts[field]}
                test={tests[field]}
                onChange={(script) => edit(field, script)}
                onTest={(id) => void runTest(field, undefined, id)}
              />
            ))}
          </Flex>
        )}
      </PageFrame>
    </>
  );
}

function ScriptEditor({
  field,
  label,
  script,
  test,
  onChange,
  onTest,
}: {
  field: ScriptField;
  label: string;
  script: string;
  test: ReturnType<typeof useIdModifications>['tests'][ScriptField];
  onChange: (script: string) => void;
  onTest: (id: string) => void;
}) {
  const { t } = useIdModificationsTranslation();
  // The id the Test button runs the script on (Save always test-runs on the spec's example id).
  const [id, setId] = useState(ID_SCRIPT_EXAMPLE_ID);
  return (
    <Card size="small" title={label} data-field={field}>
      {/* Code reads left to right in every language: in Arabic 'function (id) {' became '{ function (id)'. The
          lines are isolated left to right themselves: antd's right-to-left Typography sets its own direction. */}
      <div dir="ltr">
        <Typography.Text code>
          <bdi dir="ltr">{'function (id) {'}</bdi>
        </Typography.Text>
        <Suspense fallback={<Spin />}>
          <ScriptCodeEditor label={label} value={script} onChange={onChange} />
        </Suspense>
        <Typography.Text code>
          <bdi dir="ltr">{'}'}</bdi>
        </Typography.Text>
      </div>
      <Flex gap={8} align="center" style={{ marginTop: 8 }}>
        <Button icon={<PlayCircleOutlined />} loading={test === 'running'} onClick={() => onTest(id)} aria-label={`${t('test')} ${label}`}>
          {t('test')}
        </Button>
        <Typography.Text type="secondary">{t('onId')}</Typography.Text>
        <Input
          value={id}
          onChange={(e) => setId(e.target.value)}
          onPressEnter={() => onTest(id)}
          maxLength={256}
          aria-label={`${t('testId')} ${label}`}
          style={{ width: 220 }}
        />
      </Flex>
      {test &&
        test !== 'running' &&
        ('error' in test ? (
          <Alert style={{ marginTop: 8 }} type="error" showIcon title={t('testError')} description={test.error} />
        ) : (
          <Alert style={{ marginTop: 8 }} type="success" showIcon title={t('testResult')} description={<Typography.Text code>{test.result}</Typography.Text>} />
        ))}
    </Card>
  );
}
