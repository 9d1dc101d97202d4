// @portal/lists: the generic list screen and the shared dialogs (spec data-areas §2, access-shell-dashboard §2).
export {};
