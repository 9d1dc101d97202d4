// The form dialog's constants, apart from its code (fetched when a form first opens: LazyModalForm).
export const MODAL_FORM_WIDTH = 640;
export const MODAL_FORM_BODY_MAX_HEIGHT = 520;
export const EXPORT_FILE_NAME = 'export.json';
