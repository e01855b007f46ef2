import { faqEntity } from '../../contract/faq';
import { EntityList } from '../../src/crud/EntityList';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';

/**
 * The FAQ of an accommodation (spec 2 "FAQ"), generated from its description: the room filter
 * (first choice: every room), question, answer and room (cut at 18 characters) columns, drag
 * reorder, and the overlay titled FAQ with cancel and send.
 */
export default function FaqList() {
  return (
    <ForAccommodation link={links.faq}>
      {(accommodationId) => <EntityList entity={faqEntity} form="dialog" reorderable meta={{ accommodationId }} />}
    </ForAccommodation>
  );
}
