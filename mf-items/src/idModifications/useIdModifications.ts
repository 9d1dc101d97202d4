import { useCallback, useEffect, useRef, useState } from 'react';
import { getIdModifications, ID_SCRIPT_EXAMPLE_ID, logger, saveIdModifications, testIdScript, type TestIdScriptResponse } from '@portal/api';

export type ScriptField = 'catalogueItemsModification' | 'inventoryItemsModification';
export const SCRIPT_FIELDS: readonly ScriptField[] = ['catalogueItemsModification', 'inventoryItemsModification'];

export type SaveOutcome = { saved: true } | { saved: false; field?: ScriptField; error?: string };

/**
 * The ID modifications of one library (data-areas §8): both scripts, the Test box's run (on 1234 unless the user
 * types another id) and Save,
 * which test-runs both scripts first and saves only when both run (the server checks again).
 */
export function useIdModifications(storeId: number) {
  const [scripts, setScripts] = useState<Record<ScriptField, string> | null>(null);
  const [tests, setTests] = useState<Partial<Record<ScriptField, TestIdScriptResponse | 'running'>>>({});
  const [saving, setSaving] = useState(false);
  /**
   * The scripts as last edited, read by Test and Save: the code editor reports an edit outside a React event, so a
   * click right after typing can come before the re-render and must not test or save the text from before it.
   */
  const latest = useRef<Record<ScriptField, string> | null>(null);

  useEffect(() => {
    let current = true;
    latest.current = null;
    setScripts(null);
    getIdModifications(storeId)
      .then(({ catalogueItemsModification, inventoryItemsModification }) => {
        if (!current) return;
        latest.current = { catalogueItemsModification, inventoryItemsModification };
        setScripts(latest.current);
      })
      .catch((error: unknown) => logger.error('ID modifications not loaded', error));
    return () => {
      current = false;
    };
  }, [storeId]);

  const edit = useCallback((field: ScriptField, script: string) => {
    if (!latest.current) return;
    latest.current = { ...latest.current, [field]: script };
    setScripts(latest.current);
    setTests((t) => ({ ...t, [field]: undefined }));
  }, []);

  const runTest = useCallback(async (field: ScriptField, script = latest.current?.[field] ?? '', id = ID_SCRIPT_EXAMPLE_ID): Promise<TestIdScriptResponse> => {
    setTests((t) => ({ ...t, [field]: 'running' }));
    let answer: TestIdScriptResponse;
    try {
      answer = await testIdScript(script, id);
    } catch (error) {
      logger.error('Script test failed', error);
      answer = { error: error instanceof Error ? error.message : String(error) };
    }
    setTests((t) => ({ ...t, [field]: answer }));
    return answer;
  }, []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!latest.current) return { saved: false };
    setSaving(true);
    try {
      const tested = latest.current;
      for (const field of SCRIPT_FIELDS) {
        const answer = await runTest(field, tested[field]);
        if ('error' in answer) return { saved: false, field, error: answer.error };
      }
      // What was tested is what is saved (an edit while testing is saved next time).
      await saveIdModifications({ storeId, ...tested });
      return { saved: true };
    } catch (error) {
      logger.error('ID modifications not saved', error);
      return { saved: false };
    } finally {
      setSaving(false);
    }
  }, [runTest, storeId]);

  return { scripts, tests, saving, edit, runTest, save };
}
