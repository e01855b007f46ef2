/**
 * The channel's JSON shapes (docs/channel.md), written once: what the client sends and reads
 * (client.ts) and what the simulator stores and answers (tools/channelSim/state.ts) are these types.
 */

export type RevisionStatus = 'new' | 'modified' | 'cancelled';
/** 'guest': made on the site; 'hotel': our own change coming back (applying it changes nothing). */
export type RevisionOrigin = 'guest' | 'hotel';

/** One range of a push of rooms left. */
export interface AvailabilityValue {
  room_code: string;
  /** First and last night, both included (yyyy-MM-dd). */
  date_from: string;
  date_to: string;
  availability: number;
}

/** One range of a push of a plan's rate and stop-sell. */
export interface RestrictionValue {
  plan_code: string;
  room_code: string;
  date_from: string;
  date_to: string;
  rate?: number;
  stop_sell?: boolean;
}

/** What we change of a reservation on the site (PATCH /bookings/{id}). */
export interface BookingChange {
  room_code: string;
  plan_code: string;
  start_date: string;
  nights: number;
  guests: number;
  name: string;
}

/** A reservation's fields, as a guest or the hotel sets them. */
export interface ReservationFields extends BookingChange {
  mail: string | null;
  amount: number;
}

export interface ChannelReservation extends ReservationFields {
  reservation_id: string;
  seq: number;
  status: RevisionStatus;
  origin?: RevisionOrigin;
}

/** A revision of the feed. */
export interface ChannelRevision extends ChannelReservation {
  id: string;
  inserted_at: string;
}

/** A reservation of the booking list, in its latest state (status, inserted_at and origin of its latest revision). */
export interface ChannelBooking extends ChannelReservation {
  revision_id: string;
  inserted_at: string;
  updated_at: string;
}

/** A day of GET /availability. */
export interface AvailabilityDay {
  date: string;
  availability: number;
  stop_sell: boolean;
}
