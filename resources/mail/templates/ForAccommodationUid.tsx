import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useAccommodations } from '../../../dataProvider/accommodations';
import type { Accommodation } from '../../../dataProvider/types';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { links } from '../../../src/routes';

/**
 * The accommodation of a mail-template page, named by its uid in the path (spec 2); at the resource's
 * own route (/m/mail_templates) the user is taken to their first accommodation's list.
 */
export function ForAccommodationUid({ children }: { children: (accommodation: Accommodation) => ReactNode }) {
  const { uid } = useParams();
  const { accommodations } = useAccommodations();
  if (uid === undefined) {
    const first = accommodations[0];
    return first ? <Navigate to={links.mailTemplates(first.uid)} replace /> : <NotFoundPage />;
  }
  const accommodation = accommodations.find((a) => a.uid === uid) ?? accommodations.find((a) => String(a.id) === uid);
  if (!accommodation) return <NotFoundPage detail="app.page.accommodation_not_found" />;
  return <div key={accommodation.id}>{children(accommodation)}</div>;
}
