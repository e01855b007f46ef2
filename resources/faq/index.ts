import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { lazyView } from '../../src/crud/lazyView';

/** The FAQ resource: its list lives at /m/accommodation/{id}/faq (spec 2); /m/faq opens the first accommodation's. */
export const faqResource = {
  name: 'faq',
  list: lazyView(() => import('./FaqList')),
  icon: QuestionAnswerIcon,
  recordRepresentation: 'question',
  hasCreate: true,
  hasEdit: true,
} as const;
