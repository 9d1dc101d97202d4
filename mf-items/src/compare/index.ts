// Compare (data-areas §2 Compare page): a catalogue against what was scanned.
import '../inventories/i18n';

export { ComparePage } from './ComparePage';
