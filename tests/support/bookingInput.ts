import type { BookingCreateInput } from '../../contract/booking';

/**
 * A new booking as the panel's create form sends it, which every rule of bookingCreateErrors takes:
 * one night for two without a plan, a name and nothing else. A test adds the field it tries.
 */
export const validBookingInput: Readonly<BookingCreateInput> = {
  accommodation_id: 1,
  start_date: '2027-01-10',
  days: '1',
  person_number: '2',
  room_id: '1',
  plan_id: '',
  price: '0',
  price_sub: '0',
  name: '山田太郎',
};
