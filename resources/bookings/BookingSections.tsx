import type { Booking } from '../../contract/booking';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { HistorySection } from './HistorySection';
import { OptionSection } from './OptionSection';
import { EmptyNote, PanelSection } from './PanelSection';
import { PaymentSection } from './PaymentSection';

export interface BookingSectionsProps {
  booking: Booking;
  /** After a payment or an option was written: reload the booking and the calendar. */
  onChanged: () => Promise<void>;
}

/** 入金, オプション, メール and 履歴 of an existing booking; the mail history comes with a later issue. */
export function BookingSections({ booking, onChanged }: BookingSectionsProps) {
  const translate = useAppTranslate();
  return (
    <>
      <PaymentSection booking={booking} onChanged={onChanged} />
      <OptionSection booking={booking} onChanged={onChanged} />
      <PanelSection title={translate('app.booking.mails')} testId="booking-mails">
        <EmptyNote>{translate('app.booking.coming')}</EmptyNote>
      </PanelSection>
      <HistorySection booking={booking} />
    </>
  );
}
