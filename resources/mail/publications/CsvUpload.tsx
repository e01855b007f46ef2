import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { Recipient } from '../../../contract/mailPublication';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { parseRecipientCsv, type CsvProblem } from './recipientCsv';

/** Recipients from a CSV (first column mail, second name; UTF-8 or Shift_JIS), with what could not be read. */
export function CsvUpload({ known, onRead }: { known: readonly string[]; onRead: (recipients: Recipient[]) => void }) {
  const translate = useAppTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<{
    file: string;
    count: number;
    encoding: string;
    invalid: CsvProblem[];
    duplicates: CsvProblem[];
  } | null>(null);

  const read = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const csv = parseRecipientCsv(new Uint8Array(await file.arrayBuffer()), known);
    onRead(csv.recipients);
    setReport({
      file: file.name,
      count: csv.recipients.length,
      encoding: csv.encoding === 'utf-8' ? 'UTF-8' : 'Shift_JIS',
      invalid: csv.invalid,
      duplicates: csv.duplicates,
    });
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {translate('app.mail_publication.csv')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="recipient-csv"
        onChange={(e) => void read(e)}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('app.mail_publication.csv_hint')}
      </Typography>
      {report && (
        <Box sx={{ mt: 1 }} data-testid="csv-report">
          <Typography variant="body2" role="status">
            {translate('app.mail_publication.csv_read', {
              file: report.file,
              count: report.count,
              encoding: report.encoding,
            })}
          </Typography>
          {report.invalid.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              <Typography variant="body2" fontWeight="bold">
                {translate('app.mail_publication.csv_invalid')}
              </Typography>
              {report.invalid.map((p) => (
                <Typography key={p.line} variant="body2">
                  {translate('app.mail_publication.csv_line', { line: p.line, text: p.text, reason: p.reason })}
                </Typography>
              ))}
            </Alert>
          )}
          {report.duplicates.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('app.mail_publication.csv_duplicates', {
                lines: report.duplicates.map((d) => d.line).join('、'),
              })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
