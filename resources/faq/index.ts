import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { defineDomain } from '../../src/crud/domain';
import { defineResource } from '../../src/crud/lazyView';

/** The FAQ resource: its list lives at /m/accommodation/{id}/faq (spec 2); /m/faq opens the first accommodation's. */
const faqResource = defineResource({
  name: 'faq',
  list: () => import('./FaqList'),
  icon: QuestionAnswerIcon,
  recordRepresentation: 'question',
});

export const faqDomain = defineDomain({ resources: [faqResource], routes: { faq: faqResource.list } });
