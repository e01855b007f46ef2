import { describe, expect, it } from 'vitest';
import { optionMessages, type AccommodationOption } from '../../contract/option';
import { emptyOptionForm, formErrorsOf, optionBody, optionFormOf, reorder } from '../../resources/options/optionModel';

const option: AccommodationOption = {
  id: 5,
  accommodation_id: 1,
  name: '花束',
  price: 5500,
  unit: '束',
  unit_max: 2,
  description: null,
  supplier_id: 7,
  supplier: '花いろ生花店',
  room_id: null,
  room_name: null,
  user_selection: 0,
  is_stay_type: 1,
  notice: 1,
  display_order: 3,
};

describe('optionBody', () => {
  it('gives the contract messages of spec 5 for the required fields', () => {
    expect(optionBody(emptyOptionForm, false)).toEqual({
      ok: false,
      errors: { name: optionMessages.name, price: optionMessages.price, unit: optionMessages.unit },
    });
  });

  it('reads a price that is not a number as missing', () => {
    const result = optionBody({ ...emptyOptionForm, name: 'x', unit: '個', price: 'abc' }, false);
    expect(result).toEqual({ ok: false, errors: { price: optionMessages.price } });
  });

  it('checks the bounds of unit_max and price', () => {
    const form = { ...emptyOptionForm, name: 'x', unit: '個' };
    expect(optionBody({ ...form, price: '0', unit_max: '1000' }, false)).toEqual({
      ok: false,
      errors: { unit_max: optionMessages.unitMax },
    });
    expect(optionBody({ ...form, price: '1.5' }, false)).toEqual({
      ok: false,
      errors: { price: optionMessages.priceRange },
    });
  });

  it('builds the create body: numbers, flags 0/1, blanks as null, official and all rooms as null', () => {
    const result = optionBody({ ...emptyOptionForm, name: ' 朝食 ', price: '0', unit: '名', notice: true }, false);
    expect(result).toEqual({
      ok: true,
      body: {
        name: '朝食',
        price: 0,
        unit: '名',
        unit_max: null,
        description: null,
        supplier_id: null,
        room_id: null,
        user_selection: 0,
        is_stay_type: 0,
        notice: 1,
      },
    });
  });

  it('leaves partner and room out in edit mode', () => {
    const form = optionFormOf(option);
    expect(form).toMatchObject({ price: '5500', unit_max: '2', supplier_id: '7', room_id: '', is_stay_type: true });
    expect(optionBody(form, true)).toEqual({
      ok: true,
      body: {
        name: '花束',
        price: 5500,
        unit: '束',
        unit_max: 2,
        description: null,
        user_selection: 0,
        is_stay_type: 1,
        notice: 1,
      },
    });
  });

  it('keeps only the server messages that belong to a field of the form', () => {
    expect(formErrorsOf({ name: 'a', supplier_id: 'b', id: 'c' })).toEqual({ name: 'a', supplier_id: 'b' });
  });
});

describe('reorder', () => {
  const rows = [10, 11, 12, 13].map((id, i) => ({ id, display_order: i }));

  it('moves the item and saves only those whose position changed', () => {
    expect(reorder(rows, 3, 1)).toEqual({
      rows: [
        { id: 10, display_order: 0 },
        { id: 13, display_order: 1 },
        { id: 11, display_order: 2 },
        { id: 12, display_order: 3 },
      ],
      changes: [
        { id: 13, display_order: 1 },
        { id: 11, display_order: 2 },
        { id: 12, display_order: 3 },
      ],
    });
  });

  it('saves every item whose display_order was not its index, e.g. after gaps', () => {
    const gaps = [
      { id: 1, display_order: 0 },
      { id: 2, display_order: 5 },
      { id: 3, display_order: 9 },
    ];
    expect(reorder(gaps, 0, 1).changes).toEqual([
      { id: 2, display_order: 0 },
      { id: 1, display_order: 1 },
      { id: 3, display_order: 2 },
    ]);
  });

  it('saves nothing when the list keeps its order', () => {
    expect(reorder(rows, 2, 2)).toEqual({ rows, changes: [] });
  });
});
