import { useState } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { cancelFee, cancelFeePresets } from '../../contract/booking';
import { cancelFeeOf, type CancelFeeChoice } from './cancelModel';
import { formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { YenInput } from '../../src/components/YenInput';
import { yenDigits } from '../../src/components/yenText';

export interface CancelChoice {
  mail: boolean;
  /** null: no cancellation fee. */
  cancelFee: number | null;
}

export interface CancelBookingDialogProps {
  open: boolean;
  /** The booking's total (price_sub): the presets are shares of it. */
  priceSub: number;
  loading?: boolean;
  onConfirm: (choice: CancelChoice) => void;
  onClose: () => void;
}

const NONE = 'none';
const AMOUNT = 'amount';

/**
 * Confirms a cancellation: send the cancel mail (on by default) and the cancellation fee: none, a
 * preset share of the total (50%, 10%, 100%) or an amount typed in yen, refused unless 0..the total.
 */
export function CancelBookingDialog({ open, priceSub, loading = false, onConfirm, onClose }: CancelBookingDialogProps) {
  const translate = useAppTranslate();
  const [mail, setMail] = useState(true);
  const [preset, setPreset] = useState<string>(NONE);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choice: CancelFeeChoice =
    preset === NONE
      ? { kind: 'none' }
      : preset === AMOUNT
        ? { kind: 'amount', text: amount }
        : { kind: 'percent', percent: Number(preset) };
  const confirm = () => {
    const result = cancelFeeOf(choice, priceSub);
    setProblem(result.error ?? null);
    if (result.error === undefined) onConfirm({ mail, cancelFee: result.fee });
  };

  return (
    <ConfirmDialog
      open={open}
      titleId="cancel-booking-title"
      title={translate('app.booking.cancel_dialog.title')}
      onConfirm={confirm}
      onClose={onClose}
      loading={loading}
      // 閉じる, not キャンセル: in a dialog that cancels a booking that word would mislead.
      closeLabel={translate('app.action.close')}
      confirmAutoFocus={false}
    >
      <Typography sx={{ mb: 2 }}>{translate('app.booking.cancel_dialog.content')}</Typography>
      <FormControl component="fieldset" sx={{ mb: 1 }}>
        <FormLabel component="legend" id="cancel-fee-label">
          {translate('app.booking.cancel_dialog.fee')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="cancel-fee-label"
          value={preset}
          onChange={(e) => {
            setPreset(e.target.value);
            setProblem(null);
          }}
        >
          <FormControlLabel value={NONE} control={<Radio />} label={translate('app.booking.cancel_dialog.fee_none')} />
          {cancelFeePresets.map((percent) => (
            <FormControlLabel
              key={percent}
              value={String(percent)}
              control={<Radio />}
              label={translate('app.booking.cancel_dialog.fee_preset', {
                percent,
                amount: formatYen(cancelFee(priceSub, percent)),
              })}
            />
          ))}
          <FormControlLabel
            value={AMOUNT}
            control={<Radio />}
            label={translate('app.booking.cancel_dialog.fee_amount')}
          />
        </RadioGroup>
        <YenInput
          size="small"
          label={translate('app.booking.cancel_dialog.fee_amount_label')}
          value={amount}
          parse={yenDigits}
          onChange={(value) => {
            setAmount(value);
            setPreset(AMOUNT);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? translate('app.booking.cancel_dialog.fee_amount_help', { total: formatYen(priceSub) })}
          sx={{ ml: 4, mt: 0.5, maxWidth: 220 }}
          slotProps={{ formHelperText: { sx: { mx: 0 } } }}
        />
      </FormControl>
      <FormControlLabel
        sx={{ display: 'flex' }}
        control={<Checkbox checked={mail} onChange={(e) => setMail(e.target.checked)} />}
        label={translate('app.booking.cancel_dialog.send_mail')}
      />
    </ConfirmDialog>
  );
}
