// ID modifications (data-areas §2, §8): the library's id scripts, run in the server's sandbox.
import './i18n';

export { IdModificationsPage } from './IdModificationsPage';
