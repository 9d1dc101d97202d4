import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ChangeLibraryModal } from './ChangeLibraryModal';

interface ChangeLibraryValue {
  openChangeLibrary: () => void;
}

const ChangeLibraryContext = createContext<ChangeLibraryValue>({ openChangeLibrary: () => undefined });

/** Holds the one Change Library modal, openable from the header dropdown and from the guard screens. */
export function ChangeLibraryProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openChangeLibrary = useCallback(() => setOpen(true), []);
  const value = useMemo(() => ({ openChangeLibrary }), [openChangeLibrary]);
  return (
    <ChangeLibraryContext.Provider value={value}>
      {children}
      <ChangeLibraryModal open={open} onClose={() => setOpen(false)} />
    </ChangeLibraryContext.Provider>
  );
}

export function useOpenChangeLibrary(): () => void {
  return useContext(ChangeLibraryContext).openChangeLibrary;
}
