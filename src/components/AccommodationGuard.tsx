import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { findAccommodationByPath, useAccommodations } from '../../dataProvider/accommodations';
import { NotFoundPage } from './MessagePage';

/**
 * Every page of one accommodation (/m/accommodation/{id or uid}/...): shown only for an
 * accommodation the user may reach. Another one, typed in the address bar or left open after a
 * grant was taken back, shows a clear not-found page, not an empty calendar that seems to work
 * (the API answers 404 there anyway).
 */
export function AccommodationGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { accommodations } = useAccommodations();
  if (!findAccommodationByPath(pathname, accommodations)) {
    return <NotFoundPage detail="app.page.accommodation_not_found" />;
  }
  return <>{children}</>;
}
