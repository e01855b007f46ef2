import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { YenInput } from '../../src/components/YenInput';
import { yenDigits, yenNumber } from '../../src/components/yenText';
import { renderInAdmin } from './helpers';

/** A form that keeps the amount as a number, as react-admin's forms do. */
function NumberForm({ onValue, initial = null }: { onValue: (v: number | null) => void; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <YenInput
        label="合計金額"
        value={value}
        parse={yenNumber}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setValue(50000)}>
        reset
      </button>
    </>
  );
}

/** A form that keeps the amount as digits, as the booking panel and the dialogs do. */
function TextForm({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <YenInput
      label="入金額"
      value={value}
      parse={yenDigits}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('YenInput', () => {
  it('shows separators while typing, 円 after it and no spinner, and keeps the amount as a number', async () => {
    const onValue = vi.fn();
    renderInAdmin(<NumberForm onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: '合計金額' });
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('円')).toBeInTheDocument();
    await userEvent.type(input, '165000');
    expect(input).toHaveValue('165,000');
    expect(onValue).toHaveBeenLastCalledWith(165000);
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
    await userEvent.type(input, '0');
    expect(input).toHaveValue('0');
    expect(onValue).toHaveBeenLastCalledWith(0);
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    const onValue = vi.fn();
    renderInAdmin(<NumberForm onValue={onValue} initial={16500} />);
    const input = screen.getByRole('textbox', { name: '合計金額' }) as HTMLInputElement;
    expect(input).toHaveValue('16,500');
    // 16,5|00 → type 9 → 165,9|00.
    await userEvent.click(input);
    input.setSelectionRange(4, 4);
    await userEvent.keyboard('9');
    expect(input).toHaveValue('165,900');
    expect(input.selectionStart).toBe(5);
    await userEvent.keyboard('1');
    expect(input).toHaveValue('1,659,100');
    expect(onValue).toHaveBeenLastCalledWith(1659100);
  });

  it('takes full-width digits and commas from a Japanese IME when the composition ends', () => {
    const onValue = vi.fn();
    renderInAdmin(<TextForm onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: '入金額' });
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '１６５，０' } });
    // Left as composed while the IME works: no value yet.
    expect(input).toHaveValue('１６５，０');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '１６５，０００' } });
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('165,000');
    expect(onValue).toHaveBeenLastCalledWith('165000');
    // Full-width typed without an IME composition (pasted) reads the same.
    fireEvent.change(input, { target: { value: '１２，０００円' } });
    expect(input).toHaveValue('12,000');
    expect(onValue).toHaveBeenLastCalledWith('12000');
  });

  it('keeps text that is not an amount for the form rule to name, and follows a value set from outside', async () => {
    const onValue = vi.fn();
    renderInAdmin(<NumberForm onValue={onValue} initial={1000} />);
    const input = screen.getByRole('textbox', { name: '合計金額' });
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    expect(input).toHaveValue('-5');
    expect(onValue).toHaveBeenLastCalledWith(-5);
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(input).toHaveValue('50,000');
  });
});
