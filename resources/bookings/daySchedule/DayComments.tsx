import { useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, Skeleton, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { useDayComments, type DraftComment } from './useDayComments';

/** The day's comments: type, leave the field to save; delete asks first. */
export function DayComments({ accommodationId, date }: { accommodationId: number; date: string }) {
  const translate = useAppTranslate();
  const { comments, edit, save, add, remove } = useDayComments(accommodationId, date);
  const [deleting, setDeleting] = useState<DraftComment | null>(null);
  const [busy, setBusy] = useState(false);
  // The field コメントを追加 asked for, focused once it is on screen (a new object each time).
  const [focusing, setFocusing] = useState<{ key: string } | null>(null);
  const fields = useRef(new Map<string, HTMLTextAreaElement | HTMLInputElement>());
  useEffect(() => {
    if (focusing) fields.current.get(focusing.key)?.focus();
  }, [focusing, comments]);
  // Numbered only when the day has several: one comment is simply コメント.
  const label = (i: number) =>
    comments && comments.length > 1
      ? `${translate('app.day.comment_label')} ${i + 1}`
      : translate('app.day.comment_label');

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
      ) : comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="day-no-comments">
          {translate('app.day.no_comments')}
        </Typography>
      ) : (
        comments.map((c, i) => (
          <Box key={c.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              size="small"
              label={label(i)}
              inputRef={(node: HTMLTextAreaElement | HTMLInputElement | null) => {
                if (node) fields.current.set(c.key, node);
                else fields.current.delete(c.key);
              }}
              placeholder={translate('app.day.comment_placeholder')}
              value={c.text}
              onChange={(e) => edit(c.key, e.target.value)}
              onBlur={() => void save(c)}
              slotProps={{ htmlInput: { maxLength: 1000, 'data-comment-id': c.id ?? '' } }}
            />
            <IconButton
              aria-label={translate('app.day.delete_comment')}
              onClick={() => (c.id === null ? void remove(c) : setDeleting(c))}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => setFocusing({ key: add() })}
        disabled={comments === null}
      >
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
