import { useState } from 'react';

/** The add/edit dialog of a list page: which record is edited (null adds one), and what a save triggers. */
export function useFormDialog<T>(onSaved: (saved: T) => void) {
  const [state, setState] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  return {
    ...state,
    add: () => setState({ open: true, record: null }),
    edit: (record: T) => setState({ open: true, record }),
    close: (saved?: T) => {
      setState((s) => ({ ...s, open: false }));
      if (saved) onSaved(saved);
    },
  };
}
