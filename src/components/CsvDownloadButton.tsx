import { useState, type ReactNode } from 'react';
import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { failureMessage } from '../../dataProvider/apiErrors';
import type { CsvDownload } from '../../dataProvider/methods/csvDownload';
import { saveBlob } from './saveBlob';

interface CsvDownloadButtonProps extends Pick<ButtonProps, 'disabled' | 'sx'> {
  /** Fetches the file the server wrote (a dataProvider download method). */
  load: () => Promise<CsvDownload>;
  /** What the staff read when it fails and the server said nothing better. */
  failed: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A CSV button: fetches the server's file and saves it under the server's name; busy while it does. */
export function CsvDownloadButton({ load, failed, children, disabled, ...rest }: CsvDownloadButtonProps) {
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await load();
      saveBlob(file.blob, file.filename);
    } catch (error) {
      notify(failureMessage(error, failed), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={() => void download()}
      disabled={disabled || downloading}
      {...rest}
    >
      {children}
    </Button>
  );
}
