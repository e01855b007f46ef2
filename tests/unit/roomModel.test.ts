import { describe, expect, it } from 'vitest';
import {
  attachablePlans,
  emptyRoomForm,
  isRoomFieldChanged,
  prepareRoomCreate,
  roomErrors,
  roomFieldPatch,
  roomToForm,
} from '../../resources/rooms/roomModel';
import type { PlanListItem } from '../../dataProvider/catalogueApi';

const room = { id: 4, name: '和室8畳', max_num: 4, plans: [{ id: 11, name: '素泊まり', start_at: null }] };
const plan = (id: number, name: string): PlanListItem => ({
  id,
  name,
  start_at: null,
  end_at: null,
  is_active: 1,
  max_num: 4,
  price: 10000,
  icon: null,
  check_in: null,
  check_out: null,
  ikyu_id: null,
});

describe('roomModel', () => {
  it('turns the API room into the form and back into a create body', () => {
    expect(roomToForm(room)).toEqual({ name: '和室8畳', max_num: '4' });
    expect(prepareRoomCreate({ name: ' 洋室ツイン ', max_num: '3' })).toEqual({
      body: { name: '洋室ツイン', max_num: 3 },
    });
  });

  it('refuses a new room without a name or a number of rooms, with the spec messages', () => {
    expect(prepareRoomCreate(emptyRoomForm()).errors).toEqual({
      name: '部屋名を入力してください。',
      max_num: '部屋数を入力してください。',
    });
    expect(roomErrors({ name: '  ', max_num: '2' })).toEqual({ name: '部屋名を入力してください。' });
    // Zero rooms, or text that is not a whole number, is no number of rooms.
    expect(roomErrors({ name: '和室', max_num: '0' }).max_num).toBe('部屋数を入力してください。');
    expect(roomErrors({ name: '和室', max_num: 'abc' }).max_num).toBe('部屋数を入力してください。');
  });

  it('sees a change only when the stored value differs, and patches that field alone', () => {
    const saved = roomToForm(room);
    expect(isRoomFieldChanged('name', saved, { ...saved, name: ' 和室8畳 ' })).toBe(false);
    expect(isRoomFieldChanged('max_num', saved, { ...saved, max_num: '04' })).toBe(false);
    expect(isRoomFieldChanged('name', saved, { ...saved, name: '和室10畳' })).toBe(true);
    expect(roomFieldPatch('name', { ...saved, name: '和室10畳 ' })).toEqual({ name: '和室10畳' });
    expect(roomFieldPatch('max_num', { ...saved, max_num: '5' })).toEqual({ max_num: 5 });
    expect(roomFieldPatch('name', { ...saved, name: '' })).toBeNull();
  });

  it('offers to attach only the plans the room does not sell yet', () => {
    const plans = [plan(11, '素泊まり'), plan(12, '1泊2食付き')];
    expect(attachablePlans(plans, room).map((p) => p.id)).toEqual([12]);
  });
});
