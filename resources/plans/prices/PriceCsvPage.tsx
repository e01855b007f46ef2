import { useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  List,
  ListItem,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessages } from '../../../contract/messages';
import { priceMessages } from '../../../contract/price';
import type { AppDataProvider } from '../../../dataProvider/dataProvider';
import { HttpError } from '../../../dataProvider/http';
import type { PriceCsvCheck } from '../../../dataProvider/methods/prices';
import { formatDate, formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { links } from '../../../src/routes';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { PlanPriceRoute } from './PlanPriceRoute';
import { forgetPlanPrices } from './priceQueries';
import { checkCsvFile, csvErrorText, PREVIEW_ROWS, priceCsvTemplate, type LocalCsvCheck } from './priceModel';
import { saveBlob } from '../../../src/components/saveBlob';
import { wrappingCardHeaderSx } from '../../../src/components/phoneSx';
import { ScrollTable } from '../../../src/components/ScrollTable';

/** The lines of a refused import (body.errors: line → '{line}行目: {reason}'). */
function importErrors(error: unknown): string[] {
  if (!(error instanceof HttpError)) return [];
  const body = error.body as { errors?: Record<string, string> } | undefined;
  return body?.errors ? Object.values(body.errors) : [];
}

export interface PriceCsvProps {
  accommodationId: number;
  planId: number;
}

/**
 * CSV price update (spec sections 2 and 4): choose a file (read at once in the browser: its rows and
 * bad rows show before anything is sent), テスト送信 (the server's dry run showing the rows and every
 * bad row), 更新 (enabled only after a clean dry run of the same file), 雛形ダウンロード.
 */
export function PriceCsv({ accommodationId, planId }: PriceCsvProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<PriceCsvCheck | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [local, setLocal] = useState<LocalCsvCheck | 'reading' | null>(null);
  /** The file last chosen: a slower read of an earlier one must not show. */
  const chosen = useRef<File | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0] ?? null;
    chosen.current = next;
    setFile(next);
    setCheck(null);
    setRefused([]);
    setLocal(next ? 'reading' : null);
    event.target.value = '';
    if (next) {
      void checkCsvFile(next).then((result) => {
        if (chosen.current === next) setLocal(result);
      });
    }
  };

  const dryRun = async () => {
    if (!file) {
      notify(priceMessages.noFile, { type: 'warning' });
      return;
    }
    setBusy('check');
    setRefused([]);
    try {
      setCheck(await dataProvider.checkPriceCsv(planId, file));
    } catch (error) {
      setCheck(null);
      notify(failureMessage(error, errorMessages.csvFailed), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy('import');
    try {
      const { count } = await dataProvider.importPriceCsv(planId, file);
      forgetPlanPrices(queryClient, planId);
      notify(translate('app.price.csv_imported', { count }), { type: 'success' });
      // The price list opens at the first date of the file.
      const [first] = (check?.items ?? []).map((item) => item.target_date).sort();
      navigate(`${links.prices(accommodationId, planId)}${first ? `?month=${first}` : ''}`);
    } catch (error) {
      setCheck(null);
      setRefused(importErrors(error));
      notify(failureMessage(error, errorMessages.csvFailed), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const canImport = file !== null && check !== null && check.errors.length === 0 && check.items.length > 0;

  return (
    <Card sx={{ m: { xs: 0, sm: 1 } }}>
      <CardHeader
        sx={wrappingCardHeaderSx}
        title={translate('app.page.price_csv')}
        action={
          <Button component={Link} to={links.prices(accommodationId, planId)}>
            {translate('app.price.back')}
          </Button>
        }
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.price.csv_help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {translate('app.price.csv_choose')}
            <input hidden type="file" accept=".csv,text/csv" data-testid="csv-file" onChange={choose} />
          </Button>
          <Typography variant="body2" data-testid="csv-file-name">
            {file ? file.name : translate('app.price.csv_no_file')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void dryRun()} disabled={!file || busy !== null}>
            {busy === 'check' ? <CircularProgress size={20} /> : translate('app.price.csv_check')}
          </Button>
          <Button variant="contained" onClick={() => void runImport()} disabled={!canImport || busy !== null}>
            {busy === 'import' ? <CircularProgress size={20} /> : translate('app.price.csv_import')}
          </Button>
          <Button onClick={() => saveBlob(priceCsvTemplate(), 'price_template.csv')}>
            {translate('app.price.csv_template')}
          </Button>
        </Stack>
        {refused.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <List dense disablePadding>
              {refused.map((line) => (
                <ListItem key={line} disableGutters>
                  {line}
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
        {check ? <CheckResult check={check} /> : local && <LocalResult local={local} />}
      </CardContent>
    </Card>
  );
}

/** The chosen file as the browser read it, until the server's dry run answers. */
function LocalResult({ local }: { local: LocalCsvCheck | 'reading' }) {
  const translate = useAppTranslate();
  if (local === 'reading') {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="csv-local-check">
        {translate('app.price.csv_reading')}
      </Typography>
    );
  }
  if (local.kind === 'refused') {
    return (
      <Alert severity="error" data-testid="csv-local-check">
        {local.message}
      </Alert>
    );
  }
  return (
    <Box data-testid="csv-local-check">
      <Typography variant="subtitle2">
        {translate('app.price.csv_local_rows', { count: local.items.length })}
      </Typography>
      {local.errors.length > 0 ? (
        <Alert severity="error" sx={{ my: 1 }}>
          <Typography variant="subtitle2">
            {translate('app.price.csv_errors', { count: local.errors.length })}
          </Typography>
          <List dense disablePadding data-testid="csv-local-errors">
            {local.errors.map((error) => (
              <ListItem key={`${error.line}:${error.reason}`} disableGutters>
                {csvErrorText(error)}
              </ListItem>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert severity="info" sx={{ my: 1 }}>
          {translate('app.price.csv_local_clean')}
        </Alert>
      )}
    </Box>
  );
}

function CheckResult({ check }: { check: PriceCsvCheck }) {
  const translate = useAppTranslate();
  const shown = check.items.slice(0, PREVIEW_ROWS);
  return (
    <Box data-testid="csv-check">
      {check.errors.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Typography variant="subtitle2">
            {translate('app.price.csv_errors', { count: check.errors.length })}
          </Typography>
          <List dense disablePadding data-testid="csv-errors">
            {check.errors.map((error) => (
              <ListItem key={`${error.line}:${error.reason}`} disableGutters>
                {csvErrorText(error)}
              </ListItem>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.price.csv_clean')}
        </Alert>
      )}
      <Typography variant="subtitle2">{translate('app.price.csv_rows', { count: check.items.length })}</Typography>
      {check.items.length > PREVIEW_ROWS && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.price.csv_rows_preview', { count: PREVIEW_ROWS })}
        </Typography>
      )}
      {shown.length > 0 && (
        <ScrollTable
          sx={{ maxWidth: 480 }}
          head={
            <TableRow>
              <TableCell>{translate('app.price.date')}</TableCell>
              <TableCell align="right">{translate('resources.bookings.fields.person_number')}</TableCell>
              <TableCell align="right">{translate('app.price.amount')}</TableCell>
            </TableRow>
          }
        >
          {shown.map((item) => (
            <TableRow key={`${item.target_date}|${item.unit}`}>
              <TableCell>{formatDate(item.target_date)}</TableCell>
              <TableCell align="right">{translate('app.price.unit', { unit: item.unit })}</TableCell>
              <TableCell align="right">{formatYen(item.price)}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Box>
  );
}

/** /m/accommodation/{id}/plan/{planId}/price/csv. */
export default function PriceCsvPage() {
  return <PlanPriceRoute title="app.page.price_csv">{(ids) => <PriceCsv {...ids} />}</PlanPriceRoute>;
}
