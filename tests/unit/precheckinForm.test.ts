import { describe, expect, it } from 'vitest';
import { NO_EXTRA_FIELDS } from '../../contract/guestRegister';
import { checkCards, emptyCards } from '../../resources/bookings/register/precheckin/precheckinForm';
import { words } from '../../resources/bookings/register/precheckin/words';

const settings = {
  licence: 'ryokan' as const,
  extra_fields: { ...NO_EXTRA_FIELDS, room: 'required' as const, age: 'required' as const },
};

describe("the pre-check-in's cards", () => {
  it("never ask the guest for the room, which the facility fills, but ask for the ordinance's other items", () => {
    const [card] = emptyCards(1, 'ja');
    const filled = { ...card!, name: '山田 太郎', address: '東京都新宿区1-1', contact: '090-1234-5678' };
    const result = checkCards(settings, [filled], [false], words.ja);
    expect(result.errors?.[0]).toEqual({ age: words.ja.missing(words.ja.field('age')) });
    expect(checkCards(settings, [{ ...filled, age: '40' }], [false], words.ja).guests).toHaveLength(1);
  });
});
