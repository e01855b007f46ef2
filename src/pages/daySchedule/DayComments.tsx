import { useState } from 'react';
import { Box, Button, IconButton, Skeleton, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDayComments, type DraftComment } from './useDayComments';

/** The day's comments: type, leave the field to save; delete asks first. */
export function DayComments({ accommodationId, date }: { accommodationId: number; date: string }) {
  const translate = useAppTranslate();
  const { comments, edit, save, add, remove } = useDayComments(accommodationId, date);
  const [deleting, setDeleting] = useState<DraftComment | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    await remove(deleting);
    setBusy(false);
    setDeleting(null);
  };

  return (
    <Box component="section" aria-label={translate('app.day.comments')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('app.day.comments')}
      </Typography>
      {comments === null ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        comments.map((c, i) => (
          <Box key={c.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              size="small"
              label={`${translate('app.day.comment_label')} ${i + 1}`}
              placeholder={translate('app.day.comment_placeholder')}
              value={c.text}
              onChange={(e) => edit(c.key, e.target.value)}
              onBlur={() => void save(c)}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-comment-id': c.id ?? '' } }}
            />
            <IconButton
              aria-label={translate('app.day.delete_comment')}
              onClick={() => (c.id === null ? void remove(c) : setDeleting(c))}
              disabled={c.id === null && c.text === '' && comments.length === 1}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))
      )}
      <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={comments === null}>
        {translate('app.day.add_comment')}
      </Button>
      <ConfirmDialog
        open={deleting !== null}
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
