/**
 * The contract as the browser loads it: the plain values and functions of ./index, none of its schemas, so no
 * page loads typebox (package.json's "browser" field points webpack here; the server and the tests use ./index).
 * Types still come from ./index. A web source importing a value that is not here fails
 * mf-config's contractBrowser test.
 */
export * from './permissions';
export * from './text';
export * from './libraryDates';
export * from './deploySettings';
export * from './values/alarms';
export * from './values/compare';
export * from './values/dashboard';
export * from './values/devices';
export * from './values/errors';
export * from './values/format';
export * from './values/idModifications';
export * from './values/imagesets';
export * from './values/inventories';
export * from './values/itemEvents';
export * from './values/list';
export * from './values/lists';
export * from './values/records';
export * from './values/registry';
export * from './values/sipOperations';
export * from './values/stores';
export * from './values/users';
