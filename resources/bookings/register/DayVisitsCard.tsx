import { useState } from 'react';
import { Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { tokyoToday } from '../../../contract/dates';
import { dayVisitInputSchema, dayVisitMessages, type DayVisit } from '../../../contract/dayVisit';
import { failureMessage, fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate, formatYen } from '../../../i18n/formats';
import type { appMessages } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { DatePickerJa } from '../../../src/components/DatePickerJa';
import { ListStatus } from '../../../src/components/ListStatus';
import { PageCard } from '../../../src/components/PageCard';
import { PlainTable } from '../../../src/components/PlainTable';
import { SubmitButton } from '../../../src/components/SubmitButton';
import { zodErrors } from '../../../src/crud/formErrors';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { MonthSelect } from './MonthSelect';

const COUNTS = ['visitors', 'children_under_12', 'school_trip'] as const;
type Count = (typeof COUNTS)[number];
type Draft = Record<Count, string>;
const EMPTY: Draft = { visitors: '', children_under_12: '', school_trip: '' };
const count = (n: number) => n.toLocaleString('ja-JP');

/**
 * 日帰り入浴客 under the facility's register (issue 31): the front desk records a day's day visitors
 * to the baths (those taxed, children under 12 and school trips), 入湯税 at the facility's day rate;
 * the month's recorded days beneath, a day picked again to correct it. The bathing ledger above
 * files them. Shown only where the facility collects 入湯税.
 */
export function DayVisitsCard({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const t = (key: keyof typeof appMessages.app.day_visits, options?: Record<string, unknown>) =>
    translate(`app.day_visits.${key}`, options);
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [month, setMonth] = useState(tokyoToday().slice(0, 7));
  const [date, setDate] = useState<string | null>(tokyoToday());
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const visits = useApiQuery(['books', 'day-visits', { accommodationId, month }], (signal) =>
    dataProvider.getDayVisits(accommodationId, month, signal),
  );
  const data = visits.status === 'ready' ? visits.data : null;
  if (data && !data.bathing_tax) return null;

  const pick = (day: DayVisit) => {
    setDate(day.date);
    setDraft({
      visitors: String(day.visitors),
      children_under_12: String(day.children_under_12),
      school_trip: String(day.school_trip),
    });
    setErrors({});
  };

  const submit = async () => {
    if (!date) return setErrors({ date: dayVisitMessages.date });
    const number = (v: string) => (v.trim() === '' ? 0 : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);
    const parsed = dayVisitInputSchema.safeParse(Object.fromEntries(COUNTS.map((c) => [c, number(draft[c])])));
    if (!parsed.success) return setErrors(zodErrors(parsed.error, true));
    setBusy(true);
    setErrors({});
    try {
      await dataProvider.putDayVisit(accommodationId, date, parsed.data);
      notify(t('saved', { date: formatDate(date) }), { type: 'success' });
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['books'] });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notify(failureMessage(error, t('save_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { key: 'date', header: t('date') },
    ...COUNTS.map((c) => ({ key: c, header: t(c), align: 'right' as const })),
    { key: 'amount', header: t('amount'), align: 'right' as const },
  ];
  return (
    <PageCard title={t('title')} sx={{ mt: 2 }} data-testid="day-visits">
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('rate', { rate: formatYen(data.day_rate) })}
        </Typography>
      )}
      <Stack
        component="form"
        noValidate
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DatePickerJa
          label={t('date')}
          name="day-visit-date"
          value={date}
          onChange={(value) => setDate(value)}
          error={Boolean(errors.date)}
          helperText={errors.date}
          size="small"
        />
        {COUNTS.map((c) => (
          <TextField
            key={c}
            size="small"
            label={t(c)}
            value={draft[c]}
            onChange={(e) => setDraft((d) => ({ ...d, [c]: e.target.value }))}
            error={Boolean(errors[c])}
            helperText={errors[c]}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 130 }}
          />
        ))}
        <SubmitButton busy={busy}>{t('save')}</SubmitButton>
      </Stack>
      <Stack direction="row" sx={{ mb: 1 }}>
        <MonthSelect label={t('month')} value={month} onChange={setMonth} ahead={1} />
      </Stack>
      <ListStatus
        status={visits.status}
        count={data ? data.days.length : 0}
        loadingLabel={t('title')}
        failedText={t('load_failed')}
        emptyText={t('empty')}
      />
      {data && data.days.length > 0 && (
        <PlainTable columns={columns} testId="day-visits-table">
          {data.days.map((d) => (
            <TableRow key={d.date} hover onClick={() => pick(d)} sx={{ cursor: 'pointer' }} title={t('pick')}>
              <TableCell>{formatDate(d.date)}</TableCell>
              {COUNTS.map((c) => (
                <TableCell key={c} align="right">
                  {count(d[c])}
                </TableCell>
              ))}
              <TableCell align="right">{formatYen(d.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('total')}</TableCell>
            {COUNTS.map((c) => (
              <TableCell key={c} align="right">
                {count(data.days.reduce((s, d) => s + d[c], 0))}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="day-visits-total">
              {formatYen(data.total)}
            </TableCell>
          </TableRow>
        </PlainTable>
      )}
    </PageCard>
  );
}
