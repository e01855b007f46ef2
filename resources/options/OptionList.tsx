import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Card, CardContent, CardHeader, IconButton, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useNotify } from 'react-admin';
import type { AccommodationOption } from '../../contract/option';
import type { Room } from '../../contract/room';
import { listRooms } from '../../dataProvider/catalogueApi';
import { deleteOption, listOptions, updateOption } from '../../dataProvider/optionsApi';
import { listSuppliers, type Supplier } from '../../dataProvider/suppliersApi';
import { formatYen } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { DataTable } from '../../src/components/DataTable';
import { useConfirmDelete } from '../../src/components/useConfirmDelete';
import { ListStatus } from '../../src/components/ListStatus';
import { failureMessage } from '../../dataProvider/apiErrors';
import { OptionDialog } from './OptionDialog';
import { reorder } from './optionModel';

const COLUMNS = [
  'order',
  'name',
  'price',
  'unit_max',
  'description',
  'supplier',
  'room',
  'notice',
  'is_stay_type',
  'edit',
  'delete',
] as const;
type Column = (typeof COLUMNS)[number];
const NARROW: readonly Column[] = ['order', 'price', 'unit_max', 'notice', 'is_stay_type', 'edit', 'delete'];

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: AccommodationOption[] };
/** The overlay: closed, a new option, or the option being edited. */
type Editing = null | { option: AccommodationOption | null };

/**
 * The option catalogue of an accommodation (spec 2 "Options"): the columns of the spec, rows
 * reordered by drag and drop (or the move buttons), the create/edit overlay and delete with
 * confirmation.
 */
export function OptionList({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [rooms, setRooms] = useState<Room[]>([]);
  const [suppliers, setSuppliers] = useState<Supplier[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  /** The index of the row being dragged and of the row it is over. */
  const dragFrom = useRef<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  const rows = load.status === 'ready' ? load.rows : [];

  const reload = useCallback(
    () =>
      listOptions(accommodationId).then(
        (options) => setLoad({ status: 'ready', rows: options }),
        () => setLoad({ status: 'failed' }),
      ),
    [accommodationId],
  );

  useEffect(() => {
    void reload();
    // The overlay's choices; without them it still offers 公式 and すべての部屋.
    listRooms(accommodationId).then(setRooms, () => undefined);
    listSuppliers().then(setSuppliers, () => undefined);
  }, [reload, accommodationId]);

  /** Spec 4: rearranged here at once, then display_order saved for the items whose position changed. */
  const move = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length || saving) return;
    const next = reorder(rows, from, to);
    setLoad({ status: 'ready', rows: next.rows });
    if (next.changes.length === 0) return;
    setSaving(true);
    const results = await Promise.allSettled(
      next.changes.map((c) => updateOption(accommodationId, c.id, { display_order: c.display_order })),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      notify(failureMessage(failed.reason, translate('app.options.reorder_failed')), { type: 'error' });
      await reload();
    }
    setSaving(false);
  };

  const deletion = useConfirmDelete(
    (o: AccommodationOption) => deleteOption(accommodationId, o.id),
    'app.options.deleted',
    () => reload(),
  );

  const dragHandlers = (index: number) => ({
    onDragOver: (e: DragEvent) => {
      if (dragFrom.current === null) return;
      // Allows the drop here.
      e.preventDefault();
      if (dragOver !== index) setDragOver(index);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragFrom.current;
      dragFrom.current = null;
      setDragOver(null);
      if (from !== null) void move(from, index);
    },
  });

  const mark = (on: number) => (on === 1 ? translate('app.options.mark') : '');
  const cell = (column: Column, o: AccommodationOption, index: number) => {
    switch (column) {
      case 'order':
        return (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Box
              component="span"
              draggable={!saving}
              title={translate('app.options.drag', { name: o.name })}
              data-testid="option-drag"
              onDragStart={(e: DragEvent) => {
                dragFrom.current = index;
                e.dataTransfer.effectAllowed = 'move';
                // Firefox starts a drag only with some data.
                e.dataTransfer.setData('text/plain', String(o.id));
              }}
              onDragEnd={() => {
                dragFrom.current = null;
                setDragOver(null);
              }}
              sx={{ display: 'inline-flex', cursor: saving ? 'progress' : 'grab', color: 'text.secondary', p: 0.5 }}
            >
              <DragIndicatorIcon fontSize="small" />
            </Box>
            <IconButton
              size="small"
              aria-label={translate('app.options.move_up', { name: o.name })}
              disabled={saving || index === 0}
              onClick={() => void move(index, index - 1)}
            >
              <ArrowUpwardIcon fontSize="inherit" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={translate('app.options.move_down', { name: o.name })}
              disabled={saving || index === rows.length - 1}
              onClick={() => void move(index, index + 1)}
            >
              <ArrowDownwardIcon fontSize="inherit" />
            </IconButton>
          </Stack>
        );
      case 'name':
        return o.name;
      case 'price':
        return formatYen(o.price);
      case 'unit_max':
        return o.unit_max === null
          ? translate('app.options.no_limit')
          : translate('app.options.max', { count: o.unit_max, unit: o.unit });
      case 'description':
        return o.description ?? '';
      case 'supplier':
        return o.supplier ?? translate('app.options.official');
      case 'room':
        return o.room_name ?? translate('app.options.all_rooms');
      case 'notice':
        return mark(o.notice);
      case 'is_stay_type':
        return mark(o.is_stay_type);
      case 'edit':
        return (
          <Button size="small" variant="outlined" onClick={() => setEditing({ option: o })}>
            {translate('app.options.edit')}
          </Button>
        );
      case 'delete':
        return (
          <Button size="small" color="error" onClick={() => deletion.ask(o)}>
            {translate('app.options.delete')}
          </Button>
        );
    }
  };

  return (
    <Card sx={{ mt: 1 }} data-testid="option-list">
      <CardHeader
        title={translate('app.page.options')}
        slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ option: null })}>
            {translate('app.options.new')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <ListStatus
          status={load.status}
          count={rows.length}
          loadingLabel={translate('app.options.loading')}
          failedText={translate('app.options.load_failed')}
          emptyText={translate('app.options.empty')}
        />
        {rows.length > 0 && (
          <DataTable
            columns={COLUMNS.map((c) => ({
              key: c,
              header: translate(`app.options.fields.${c}` as AppMessageKey),
              align: c === 'price' || c === 'unit_max' ? 'right' : undefined,
            }))}
          >
            {rows.map((o, index) => (
              <TableRow
                key={o.id}
                data-testid="option-row"
                {...dragHandlers(index)}
                sx={
                  dragOver === index
                    ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -2 }
                    : undefined
                }
              >
                {COLUMNS.map((c) => (
                  <TableCell
                    key={c}
                    align={
                      c === 'price' || c === 'unit_max'
                        ? 'right'
                        : c === 'notice' || c === 'is_stay_type'
                          ? 'center'
                          : undefined
                    }
                    sx={
                      NARROW.includes(c)
                        ? { whiteSpace: 'nowrap' }
                        : c === 'description'
                          ? { minWidth: 160, whiteSpace: 'pre-wrap' }
                          : { minWidth: c === 'name' ? 140 : 100 }
                    }
                  >
                    {cell(c, o, index)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </DataTable>
        )}
      </CardContent>
      {editing && (
        <OptionDialog
          key={editing.option?.id ?? 0}
          accommodationId={accommodationId}
          option={editing.option}
          rooms={rooms}
          suppliers={suppliers}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deletion.toDelete !== null}
        content={
          deletion.toDelete ? translate('app.options.delete_content', { name: deletion.toDelete.name }) : undefined
        }
        loading={deletion.deleting}
        onConfirm={() => void deletion.confirm()}
        onClose={() => deletion.ask(null)}
      />
    </Card>
  );
}
