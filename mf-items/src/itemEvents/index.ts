// Item events (data-areas §2, labelled Search): every event of the user's libraries.
import './i18n';

export { ItemEventsPage } from './ItemEventsPage';
