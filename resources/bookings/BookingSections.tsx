import type { Booking } from '../../contract/booking';
import { HistorySection } from './HistorySection';
import { OptionSection } from './OptionSection';
import { MailSection } from './MailSection';
import { PaymentSection } from './PaymentSection';
import { GuestRegisterSection } from './register/GuestRegisterSection';
import { TaxSection } from './TaxSection';
import { InvoiceSection } from './InvoiceSection';

export interface BookingSectionsProps {
  booking: Booking;
  /** After a payment or an option was written: reload the booking and the calendar. */
  onChanged: () => Promise<void>;
}

/** 宿泊者名簿, 入金, オプション, 宿泊税・入湯税, 領収書・請求書, メール (when the guest has an address) and 履歴 of an existing booking. */
export function BookingSections({ booking, onChanged }: BookingSectionsProps) {
  return (
    <>
      <GuestRegisterSection booking={booking} onChanged={onChanged} />
      <PaymentSection booking={booking} onChanged={onChanged} />
      <OptionSection booking={booking} onChanged={onChanged} />
      <TaxSection booking={booking} onChanged={onChanged} />
      <InvoiceSection booking={booking} />
      {booking.mail && <MailSection booking={booking} />}
      <HistorySection booking={booking} />
    </>
  );
}
