import { useState } from 'react';
import { Alert, Button, Link, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { countryName } from '../../../contract/countries';
import { firstOfMonth, lastOfMonth, tokyoToday } from '../../../contract/dates';
import { LICENCE_LABELS } from '../../../contract/registerLabels';
import { registerListQuery, type RegisterList, type RegisterRow } from '../../../contract/registerList';
import type { RegisterSettings } from '../../../contract/guestRegister';
import { failureMessage } from '../../../dataProvider/apiErrors';
import type { RegisterRange } from '../../../dataProvider/methods/guestRegister';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { CsvDownloadButton } from '../../../src/components/CsvDownloadButton';
import { DatePickerJa } from '../../../src/components/DatePickerJa';
import { ListStatus } from '../../../src/components/ListStatus';
import { PageCard } from '../../../src/components/PageCard';
import { PlainTable } from '../../../src/components/PlainTable';
import { ForAccommodation } from '../../../src/crud/ForAccommodation';
import { useApiQuery } from '../../../src/hooks/useApiQuery';
import { links } from '../../../src/routes';
import { TaxLedgerCard } from './TaxLedgerCard';
import { DayVisitsCard } from './DayVisitsCard';
import { DailyReportCard } from './DailyReportCard';

/** This month in Tokyo: the register a front desk prints at its end. */
const thisMonth = (): RegisterRange => {
  const today = tokyoToday();
  return { from: firstOfMonth(today), to: lastOfMonth(today) };
};

/**
 * A facility's 宿泊者名簿 over dates (issue 30, /m/accommodation/{id}/register): the dates (this month
 * first), 表示, the CSV and the printable PDF of the dates shown; each stay's guests together, the
 * guests not entered yet marked, each stay linked to its booking. Every read is audited by the server.
 * Beneath, the month's 宿泊税・入湯税 ledger and the 日計表・月計表 (issue 31).
 */
export default function RegisterPage() {
  const translate = useAppTranslate();
  return (
    <ForAccommodation link={links.register}>
      {(accommodationId) => (
        <>
          <Title title={translate('app.page.register')} preferenceKey={false} />
          <FacilityRegister accommodationId={accommodationId} />
          <TaxLedgerCard accommodationId={accommodationId} />
          <DayVisitsCard accommodationId={accommodationId} />
          <DailyReportCard accommodationId={accommodationId} />
        </>
      )}
    </ForAccommodation>
  );
}

function FacilityRegister({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(thisMonth);
  const [range, setRange] = useState<RegisterRange>(thisMonth);
  const [version, setVersion] = useState(0);
  const settings = useApiQuery(['books', 'register-settings', accommodationId], (signal) =>
    dataProvider.getRegisterSettings(accommodationId, signal),
  );
  const list = useApiQuery(
    ['books', 'register', { accommodationId, ...range, version }],
    (signal) => dataProvider.getRegister(accommodationId, range, signal),
    { keepPrevious: false },
  );

  // The dates as the server checks them (the end before the start, over a year), said on the end date.
  const draftError = draft.from && draft.to ? registerListQuery.safeParse(draft).error?.issues[0]?.message : undefined;
  const draftReady = Boolean(draft.from && draft.to && !draftError);
  const show = () => {
    if (!draftReady) return;
    setRange({ from: draft.from!, to: draft.to! });
    setVersion((v) => v + 1);
  };
  const shown = list.status === 'ready';

  return (
    <PageCard
      title={translate('app.page.register')}
      subheader={settings.status === 'ready' ? <LicenceLine settings={settings.data} /> : undefined}
      sx={{ mt: 1 }}
      data-testid="register-page"
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <DatePickerJa
          label={translate('app.register_page.from')}
          name="from"
          value={draft.from}
          onChange={(date) => setDraft((d) => ({ ...d, from: date }))}
        />
        <DatePickerJa
          label={translate('app.register_page.to')}
          name="to"
          value={draft.to}
          onChange={(date) => setDraft((d) => ({ ...d, to: date }))}
          error={Boolean(draftError)}
          helperText={draftError}
        />
        <Button variant="contained" onClick={show} disabled={!draftReady} sx={{ mt: 0.5 }}>
          {translate('app.register_page.show')}
        </Button>
        <CsvDownloadButton
          load={() => dataProvider.downloadRegisterCsv(accommodationId, range)}
          failed={translate('app.register_page.csv_failed')}
          disabled={!shown}
          sx={{ mt: 0.5 }}
        >
          {translate('app.register_page.csv')}
        </CsvDownloadButton>
        <CsvDownloadButton
          load={() => dataProvider.downloadRegisterPdf(accommodationId, range)}
          failed={translate('app.register_page.pdf_failed')}
          disabled={!shown}
          sx={{ mt: 0.5 }}
        >
          {translate('app.register_page.pdf')}
        </CsvDownloadButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.register_page.hint')}
      </Typography>
      {list.status === 'ready' && list.data.rows.length > 0 ? (
        <RegisterTable
          accommodationId={accommodationId}
          range={range}
          list={list.data}
          minpaku={settings.status === 'ready' && settings.data.licence === 'minpaku'}
        />
      ) : (
        <ListStatus
          status={list.status}
          count={0}
          loadingLabel={translate('app.register_page.loading')}
          failedText={
            list.status === 'failed'
              ? failureMessage(list.error, translate('app.register_page.load_failed'))
              : translate('app.register_page.load_failed')
          }
          emptyText={translate('app.register_page.empty')}
        />
      )}
    </PageCard>
  );
}

function LicenceLine({ settings }: { settings: RegisterSettings }) {
  const translate = useAppTranslate();
  if (!settings.notification_number) {
    return (
      <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
        {`${LICENCE_LABELS[settings.licence]}・${translate('app.register_page.no_number')}`}
      </Alert>
    );
  }
  return translate('app.register_page.licence', {
    licence: LICENCE_LABELS[settings.licence],
    number: settings.notification_number,
  });
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function RegisterTable(props: { accommodationId: number; range: RegisterRange; list: RegisterList; minpaku: boolean }) {
  const { accommodationId, range, list, minpaku } = props;
  const translate = useAppTranslate();
  const c = (key: string) => translate(`app.register_page.columns.${key}` as 'app.register_page.columns.name');
  const columns = [
    { key: 'stay', header: c('stay') },
    { key: 'confirmation', header: c('confirmation') },
    { key: 'kind', header: c('kind') },
    { key: 'name', header: c('name') },
    { key: 'address', header: c('address') },
    minpaku ? { key: 'occupation', header: c('occupation') } : { key: 'contact', header: c('contact') },
    { key: 'nationality', header: c('nationality') },
    { key: 'passport_number', header: c('passport_number') },
    { key: 'passport_copy', header: c('passport_copy') },
  ];
  const stays = new Set(list.rows.map((r) => r.book_id)).size;
  const missing = list.rows.filter((r) => !r.entered).length;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mb: 1 }} data-testid="register-range">
        {translate('app.register_page.range', {
          from: formatDate(range.from),
          to: formatDate(range.to),
          stays,
          guests: list.rows.length,
          missing,
        })}
      </Typography>
      <PlainTable columns={columns} testId="register-table">
        {list.rows.map((row, i) => {
          const first = i === 0 || list.rows[i - 1]!.book_id !== row.book_id;
          return (
            <TableRow
              key={`${row.book_id}-${i}`}
              data-testid="register-row"
              sx={first && i > 0 ? { '& td': { borderTop: 2, borderTopColor: 'divider' } } : undefined}
            >
              <TableCell sx={nowrap}>{first && <StayCell accommodationId={accommodationId} row={row} />}</TableCell>
              <TableCell sx={nowrap}>{first ? row.confirmation : ''}</TableCell>
              <TableCell sx={nowrap}>
                {translate(row.representative ? 'app.register.representative' : 'app.register.companion')}
              </TableCell>
              <TableCell sx={{ ...nowrap, color: row.entered ? undefined : 'text.secondary' }}>
                {row.entered ? row.name : translate('app.register_page.not_entered')}
              </TableCell>
              <TableCell sx={{ minWidth: 200, wordBreak: 'break-word' }}>{row.address}</TableCell>
              <TableCell sx={nowrap}>{minpaku ? row.occupation : row.contact}</TableCell>
              <TableCell sx={nowrap}>{row.nationality ? countryName(row.nationality) : ''}</TableCell>
              <TableCell sx={nowrap}>{row.passport_number}</TableCell>
              <TableCell sx={nowrap}>{row.has_passport_copy ? translate('app.register.passport_kept') : ''}</TableCell>
            </TableRow>
          );
        })}
      </PlainTable>
    </>
  );
}

function StayCell({ accommodationId, row }: { accommodationId: number; row: RegisterRow }) {
  const translate = useAppTranslate();
  return (
    <>
      {formatDate(row.start_date)}〜{formatDate(row.end_date)}（
      {translate('app.register_page.nights', { count: row.nights })}）
      <br />
      <Link component={RouterLink} to={links.booking(accommodationId, row.book_id)} variant="body2">
        {translate('app.register_page.open_booking')}
      </Link>
    </>
  );
}
