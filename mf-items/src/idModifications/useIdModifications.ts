import { useCallback, useEffect, useState } from 'react';
import { getIdModifications, ID_SCRIPT_EXAMPLE_ID, logger, saveIdModifications, testIdScript, type TestIdScriptResponse } from '@portal/api';

export type ScriptField = 'catalogueItemsModification' | 'inventoryItemsModification';
export const SCRIPT_FIELDS: readonly ScriptField[] = ['catalogueItemsModification', 'inventoryItemsModification'];

export type SaveOutcome = { saved: true } | { saved: false; field?: ScriptField; error?: string };

/**
 * The ID modifications of one library (data-areas §8): both scripts, the Test box's run on 1234 and Save,
 * which test-runs both scripts first and saves only when both run (the server checks again).
 */
export function useIdModifications(storeId: number) {
  const [scripts, setScripts] = useState<Record<ScriptField, string> | null>(null);
  const [tests, setTests] = useState<Partial<Record<ScriptField, TestIdScriptResponse | 'running'>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    setScripts(null);
    getIdModifications(storeId)
      .then(({ catalogueItemsModification, inventoryItemsModification }) => {
        if (current) setScripts({ catalogueItemsModification, inventoryItemsModification });
      })
      .catch((error: unknown) => logger.error('ID modifications not loaded', error));
    return () => { current = false; };
  }, [storeId]);

  const edit = useCallback((field: ScriptField, script: string) => {
    setScripts((s) => (s ? { ...s, [field]: script } : s));
    setTests((t) => ({ ...t, [field]: undefined }));
  }, []);

  const runTest = useCallback(async (field: ScriptField): Promise<TestIdScriptResponse> => {
    setTests((t) => ({ ...t, [field]: 'running' }));
    let answer: TestIdScriptResponse;
    try {
      answer = await testIdScript(scripts?.[field] ?? '', ID_SCRIPT_EXAMPLE_ID);
    } catch (error) {
      logger.error('Script test failed', error);
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    setTests((t) => ({ ...t, [field]: answer }));
    return answer;
  }, [scripts]);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!scripts) return { saved: false };
    setSaving(true);
    try {
      for (const field of SCRIPT_FIELDS) {
        const answer = await runTest(field);
        if ('error' in answer) return { saved: false, field, error: answer.error };
      }
      await saveIdModifications({ storeId, ...scripts });
      return { saved: true };
    } catch (error) {
      logger.error('ID modifications not saved', error);
      return { saved: false };
    } finally {
      setSaving(false);
    }
  }, [runTest, scripts, storeId]);

  return { scripts, tests, saving, edit, runTest, save };
}
