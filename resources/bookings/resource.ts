import EventNoteIcon from '@mui/icons-material/EventNote';
import { defineResource } from '../../src/crud/lazyView';

/**
 * The `books` resource: its list is the booking search with the filters of spec 7. A file of its
 * own: the shell registers it without loading the booking rules (zod) that index.ts re-exports.
 */
export const booksResource = defineResource({
  name: 'books',
  list: () => import('./BookingSearch'),
  icon: EventNoteIcon,
  recordRepresentation: 'name',
});
