import type { AccommodationOption } from '../../contract/option';

/** Option 1 of accommodation 1 (貸切風呂, 12,000円 a 個, at most 3) as the API answers it. */
export function buildOption(overrides: Partial<AccommodationOption> = {}): AccommodationOption {
  return {
    id: 1,
    accommodation_id: 1,
    name: '貸切風呂',
    price: 12000,
    unit: '個',
    unit_max: 3,
    description: '45分',
    supplier_id: null,
    supplier: null,
    room_id: null,
    room_name: null,
    user_selection: 1,
    is_stay_type: 1,
    notice: 0,
    display_order: 0,
    tax_class: '10',
    ...overrides,
  };
}
