import { describe, expect, it } from 'vitest';
import { pickerToWallTime, wallTimeToPicker } from '../../src/components/JaPickerProvider';

describe('the pickers take Tokyo wall times as local clock readings', () => {
  it('hands a wall time over and back unchanged, whatever the zone', () => {
    const date = wallTimeToPicker('2030-12-01T10:05');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours(), date?.getMinutes()]).toEqual([
      2030, 11, 1, 10, 5,
    ]);
    expect(pickerToWallTime(date)).toBe('2030-12-01T10:05');
    expect(pickerToWallTime(wallTimeToPicker('2028-02-29'))).toBe('2028-02-29T00:00');
  });

  it('keeps no date for an empty or unreadable value, and an invalid one for a date that does not exist', () => {
    expect(wallTimeToPicker(null)).toBeNull();
    expect(wallTimeToPicker('2030/12/01')).toBeNull();
    expect(Number.isNaN(wallTimeToPicker('2026-02-30')?.getTime())).toBe(true);
    expect(pickerToWallTime(wallTimeToPicker('2026-02-30'))).toBe('');
  });
});
