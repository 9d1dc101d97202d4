import { useCallback, useEffect, useState } from 'react';
import { addItemsTo, createListEntry, getListPage, listEntryExists, logger, type AddItemsToRequest, type ItemsCountResult, type ListId } from '@portal/api';
import { describeFailure, type Failure } from '../failures/failure';
import { useOnOpening } from '../useOnOpening';
import { NAME_MESSAGES, targetsUrl, type AddItemsToStatus, type AddTargetKind, type AddTargetMode } from './addItemsToState';

export interface AddTarget {
  tid: ListId;
  name: string;
}

/** Enough for a picker of a library's catalogues or search lists. */
const TARGETS_LIMIT = 1000;

export interface AddItemsToSource extends AddItemsToRequest {
  storeId: number;
  from: string;
}

/** State and calls of the Add Items To modal: pick or name a target, check the name, create it, add the items. */
export function useAddItemsTo(open: boolean, source: AddItemsToSource) {
  const [status, setStatus] = useState<AddItemsToStatus>('INIT');
  const [kind, setKind] = useState<AddTargetKind>('catalogues');
  const [mode, setMode] = useState<AddTargetMode>('new');
  const [name, setName] = useState('');
  const [targetId, setTargetId] = useState<ListId | null>(null);
  const [targets, setTargets] = useState<AddTarget[]>([]);
  /** Translation key of the problem with the name or the choice. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<ItemsCountResult | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const reset = useCallback(() => {
    setStatus('INIT');
    setName('');
    setTargetId(null);
    setFieldError(null);
    setResult(null);
    setFailure(null);
  }, []);

  useOnOpening(open, reset);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setTargets([]);
    getListPage<AddTarget>(targetsUrl(source.storeId, kind), { offset: 0, limit: TARGETS_LIMIT, order: ['name', 'asc'] })
      .then((page) => {
        if (current) setTargets(page.items);
      })
      .catch((error: unknown) => logger.error('Targets could not be loaded', error));
    return () => {
      current = false;
    };
  }, [open, kind, source.storeId]);

  /** The target's id once the choice is valid (a new one is checked for an empty or taken name). */
  const validTarget = async (): Promise<{ id: ListId } | { create: string } | null> => {
    const messages = NAME_MESSAGES[kind];
    if (mode === 'existing') {
      if (targetId === null) {
        setFieldError(messages.choose);
        return null;
      }
      return { id: targetId };
    }
    const trimmed = name.trim();
    if (trimmed === '') {
      setFieldError(messages.empty);
      return null;
    }
    try {
      const { exists } = await listEntryExists(targetsUrl(source.storeId, kind), { name: trimmed });
      if (exists) {
        setFieldError(messages.exists);
        return null;
      }
    } catch (error) {
      logger.error('Name check failed', error);
      setFieldError(messages.checkFailed);
      return null;
    }
    return { create: trimmed };
  };

  const submit = async () => {
    setFieldError(null);
    const target = await validTarget();
    if (!target) return;
    setStatus('ADDING');
    try {
      const url = targetsUrl(source.storeId, kind);
      const id = 'id' in target ? target.id : (await createListEntry(url, { name: target.create })).tid;
      const { parentId, compareId, itemIds, searchTexts, from } = source;
      setResult(await addItemsTo(`${url}/${id}`, from, { parentId, compareId, itemIds, searchTexts }));
      setStatus('SUCCESS');
    } catch (error) {
      logger.error('Items not added', error);
      setFailure(describeFailure(error));
      setStatus('FAILED');
    }
  };

  return {
    status,
    kind,
    mode,
    name,
    targetId,
    targets,
    fieldError,
    result,
    failure,
    submit,
    reset,
    // Another tab starts empty: a name typed for a catalogue must not create a search list.
    setKind: (k: AddTargetKind) => {
      setKind(k);
      setName('');
      setTargetId(null);
      setFieldError(null);
    },
    setMode: (m: AddTargetMode) => {
      setMode(m);
      setFieldError(null);
    },
    setName: (n: string) => {
      setName(n);
      setFieldError(null);
    },
    setTargetId: (id: ListId | null) => {
      setTargetId(id);
      setFieldError(null);
    },
  };
}
