import { createContext, useContext, type ReactNode } from 'react';
import type { ListActions, ListController, ListSelection, ListState } from './useListController';
import type { ListRow } from './types';

/*
 * The list's controller split in three contexts (react-admin style): a selection change re-renders only
 * the components that read the selection, and the stable actions never cause a re-render.
 */
const ListStateContext = createContext<ListState<ListRow> | null>(null);
const ListSelectionContext = createContext<ListSelection | null>(null);
const ListActionsContext = createContext<ListActions | null>(null);

export function ListContextProvider<T extends ListRow>({ value, children }: { value: ListController<T>; children: ReactNode }) {
  return (
    <ListActionsContext.Provider value={value.actions}>
      <ListStateContext.Provider value={value.state as ListState<ListRow>}>
        <ListSelectionContext.Provider value={value.selection}>{children}</ListSelectionContext.Provider>
      </ListStateContext.Provider>
    </ListActionsContext.Provider>
  );
}

function required<V>(value: V | null, name: string): V {
  if (value === null) throw new Error(`${name} must be used inside a ListContextProvider`);
  return value;
}

export const useListState = <T extends ListRow = ListRow>(): ListState<T> => required(useContext(ListStateContext), 'useListState') as ListState<T>;
export const useListSelection = (): ListSelection => required(useContext(ListSelectionContext), 'useListSelection');
export const useListActions = (): ListActions => required(useContext(ListActionsContext), 'useListActions');
