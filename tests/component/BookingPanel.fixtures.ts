import { vi, type Mock } from 'vitest';
import type { Booking, BookingOption, BookingPayment } from '../../contract/booking';
import type { AccommodationOption } from '../../contract/option';
import type { PaymentAnswer } from '../../contract/payment';
import type { PlanSummary } from '../../contract/plan';
import type { Room } from '../../contract/room';
import { HttpError } from '../../dataProvider/http';

/** Factories of the booking tests (unit and component). */
/** A booking as GET /admin/books/{id} answers it. */
export function buildBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 7,
    accommodation_id: 1,
    room_id: 2,
    plan_id: null,
    name: '山田 太郎',
    mail: 'taro@example.com',
    address: null,
    tel: '090-1234-5678',
    job: 2,
    mini_memo: null,
    memo: null,
    start_date: '2026-12-24',
    end_date: '2026-12-26',
    days: 2,
    person_number: 3,
    price: 10000,
    price_sub: 45000,
    payment_limit_date: null,
    uid: 'AB9XYZ',
    via: 101,
    sync: 0,
    delete_flg: 0,
    deleted_at: null,
    cancel_fee: null,
    status: 0,
    created_at: '2026-11-20T10:15:00+09:00',
    updated_at: '2026-11-20T10:15:00+09:00',
    room_name: '和室',
    plan_name: null,
    plan_icon: null,
    payments: [],
    options: [],
    refunds: [],
    ...overrides,
  };
}

export const demoRooms: Room[] = [
  { id: 2, name: '和室', max_num: 4, plans: [{ id: 11, name: '素泊まり', start_at: null }] },
  {
    id: 3,
    name: '洋室ツイン',
    max_num: 2,
    plans: [
      { id: 11, name: '素泊まり', start_at: null },
      { id: 12, name: '朝食付き', start_at: null },
    ],
  },
];

export const demoPlans: PlanSummary[] = [
  {
    id: 11,
    name: '素泊まり',
    start_at: null,
    end_at: null,
    is_active: 1,
    max_num: 4,
    price: 8000,
    icon: null,
    check_in: '15:00',
    check_out: '10:00',
  },
  {
    id: 12,
    name: '朝食付き',
    start_at: null,
    end_at: null,
    is_active: 1,
    max_num: 4,
    price: 9500,
    icon: null,
    check_in: '15:00',
    check_out: '10:00',
  },
];

/**
 * The stub of the booking methods (dataProvider/methods/bookings), with the catalogue lists the test
 * provider answers getList from: `vi.mock(path, async () => ({ bookingMethods: (await import('./BookingPanel.fixtures')).bookingMethodsStub() }))`.
 */
export function bookingMethodsStub() {
  return {
    getBook: vi.fn(),
    createBook: vi.fn(),
    updateBook: vi.fn(),
    cancelBook: vi.fn(),
    listRooms: vi.fn(),
    listPlans: vi.fn(),
    listBooks: vi.fn(),
  };
}

/** The API's 400 refusal as the HTTP client throws it: its message and, per field, the field's sentence. */
export function validationError(message: string, errors?: Record<string, string>): HttpError {
  return new HttpError(message, 400, { code: 'validation', message, ...(errors ? { errors } : {}) });
}

/** A payment of the booking's payments list. */
export function buildPayment(overrides: Partial<BookingPayment> = {}): BookingPayment {
  return {
    id: 31,
    payment_exe_date: '2026-11-25',
    book_id: 7,
    amount: 10000,
    pay_type: 1,
    mail: 0,
    transaction_id: null,
    ...overrides,
  };
}

/** What POST /payments answers: the payment and the booking's excess over its bill (issue 32; 0: none). */
export function buildPaymentAnswer(overrides: Partial<PaymentAnswer> = {}): PaymentAnswer {
  return { ...buildPayment(), overpaid: 0, ...overrides };
}

/** An option attached to the booking. */
export function buildBookingOption(overrides: Partial<BookingOption> = {}): BookingOption {
  return {
    id: 41,
    option_id: 5,
    unit: 2,
    days: 1,
    comment: null,
    paid_at: null,
    name: '夕食会席',
    price: 5500,
    supplier: null,
    ...overrides,
  };
}

/** An option of the accommodation's catalogue. */
export function buildCatalogueOption(overrides: Partial<AccommodationOption> = {}): AccommodationOption {
  return {
    id: 5,
    accommodation_id: 1,
    name: '夕食会席',
    price: 5500,
    unit: '名',
    unit_max: 4,
    description: null,
    supplier_id: null,
    supplier: null,
    room_id: null,
    room_name: null,
    user_selection: 1,
    is_stay_type: 0,
    notice: 0,
    display_order: 0,
    tax_class: '10',
    ...overrides,
  };
}

/** The stub of the money methods (dataProvider/methods/money): payments, refunds, a booking's options. */
export function moneyMethodsStub() {
  return {
    createPayment: vi.fn(),
    deletePayment: vi.fn(),
    refundBooking: vi.fn(),
    listUnpaidBooks: vi.fn(),
    listRefundsNeeded: vi.fn(),
    listOverpaidBooks: vi.fn(),
    listOptions: vi.fn(),
    addBookingOption: vi.fn(),
    updateBookingOption: vi.fn(),
    removeBookingOption: vi.fn(),
  };
}

/**
 * The catalogue lists the screens read with getList (tests/component/helpers.tsx answers them with
 * these stubs of the mocked method modules): typed onto a mocked module object.
 */
export interface CatalogueStubs {
  listRooms: Mock<(accommodationId?: number) => Promise<unknown[]>>;
  listPlans: Mock<(accommodationId?: number) => Promise<unknown[]>>;
  listOptions: Mock<(accommodationId?: number, roomId?: unknown) => Promise<unknown[]>>;
}
export const withCatalogue = <T>(mocked: T) => mocked as T & CatalogueStubs;
