import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useAccommodations } from '../../dataProvider/accommodations';
import { NotFoundPage } from '../components/MessagePage';

/**
 * The accommodation a nested resource's page is about (rooms, plans, options, FAQ): the `id` of
 * /m/accommodation/{id}/...; at the resource's own route (/m/faq) the user is taken to the page of
 * their first accommodation. The page is mounted again for another accommodation.
 */
export function ForAccommodation({
  link,
  children,
}: {
  /** The spec's route of the page for an accommodation (links.faq). */
  link: (accommodationId: number) => string;
  children: (accommodationId: number) => ReactNode;
}) {
  const { id } = useParams();
  const { accommodations } = useAccommodations();
  if (id === undefined) {
    const first = accommodations[0];
    return first ? <Navigate to={link(first.id)} replace /> : <NotFoundPage />;
  }
  const accommodationId = Number(id);
  if (!Number.isInteger(accommodationId) || accommodationId <= 0) return <NotFoundPage />;
  return <div key={accommodationId}>{children(accommodationId)}</div>;
}
