import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  TableCell,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable } from './DataTable';
import { ListStatus } from './ListStatus';
import { useConfirmDelete } from './useConfirmDelete';
import type { SettingsPanelLinks, SettingsResource } from './SettingsPanel';

type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; rows: T[] };

/**
 * The state of a list of an accommodation's records with a settings panel beside it (rooms,
 * plans): the rows, the record open in the panel (null: none; 0: a new one) and the delete that
 * is asked first.
 */
export function useSettingsList<T extends { id: number }>(
  accommodationId: number,
  list: (accommodationId: number) => Promise<T[]>,
  remove: (accommodationId: number, id: number) => Promise<void>,
  deletedMessage: AppMessageKey,
) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [selected, setSelected] = useState<number | null>(null);

  const reload = useCallback(
    () =>
      list(accommodationId).then(
        (rows) => setLoad({ status: 'ready', rows }),
        () => setLoad({ status: 'failed' }),
      ),
    [list, accommodationId],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const deletion = useConfirmDelete<T>(
    (row) => remove(accommodationId, row.id),
    deletedMessage,
    (row) => {
      if (selected === row.id) setSelected(null);
      return reload();
    },
  );

  return {
    accommodationId,
    status: load.status,
    rows: load.status === 'ready' ? load.rows : [],
    reload,
    selected,
    setSelected,
    toDelete: deletion.toDelete,
    askDelete: deletion.ask,
    deleting: deletion.deleting,
    confirmDelete: deletion.confirm,
  };
}

export type SettingsListState<T extends { id: number }> = ReturnType<typeof useSettingsList<T>>;

/** The two columns every settings list ends with, whose buttons this list draws. */
type ActionColumn = 'settings' | 'delete';

export interface SettingsListColumn<K extends string> {
  key: K | ActionColumn;
  header: string;
  align?: 'right';
  /** The body cells' style. */
  sx?: SxProps<Theme>;
}

export interface SettingsListProps<T extends { id: number; name: string }, K extends string> {
  state: SettingsListState<T>;
  /** Names the messages (`app.room.new`, `app.page.rooms`, …) and the test ids (`room-list`, `room-row`). */
  resource: SettingsResource;
  /** From this breakpoint the panel stands beside the list, below it before. */
  besideFrom: 'lg' | 'xl';
  columns: readonly SettingsListColumn<K>[];
  /** The cells of the resource's own columns; 設定 and 削除 are drawn here. */
  cell: (column: K, row: T) => ReactNode;
  /** The settings panel of the selected record (0: a new one), with what the list gives it. */
  panel: (id: number, links: SettingsPanelLinks<{ id: number }>) => ReactNode;
}

/** A card with the list of an accommodation's records (rooms, plans), its settings panel beside it. */
export function SettingsList<T extends { id: number; name: string }, K extends string>({
  state,
  resource,
  besideFrom,
  columns,
  cell,
  panel,
}: SettingsListProps<T, K>) {
  const translate = useAppTranslate();
  const { accommodationId, status, rows, reload, selected, setSelected, toDelete, askDelete, deleting, confirmDelete } =
    state;

  const body = (column: K | ActionColumn, row: T) => {
    if (column === 'settings')
      return (
        <Button size="small" variant="outlined" onClick={() => setSelected(row.id)}>
          {translate(`app.${resource}.settings`)}
        </Button>
      );
    if (column === 'delete')
      return (
        <Button size="small" color="error" onClick={() => askDelete(row)}>
          {translate(`app.${resource}.delete`)}
        </Button>
      );
    return cell(column, row);
  };

  return (
    <Stack direction={{ xs: 'column', [besideFrom]: 'row' }} sx={{ gap: 2, alignItems: 'flex-start', mt: 1 }}>
      <Card sx={{ flex: 1, minWidth: 0, width: '100%' }} data-testid={`${resource}-list`}>
        <CardHeader
          title={translate(`app.page.${resource}s`)}
          slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSelected(0)}>
              {translate(`app.${resource}.new`)}
            </Button>
          }
        />
        <CardContent sx={{ pt: 0 }}>
          <ListStatus
            status={status}
            count={rows.length}
            loadingLabel={translate(`app.${resource}.loading`)}
            failedText={translate(`app.${resource}.load_failed`)}
            emptyText={translate(`app.${resource}.empty`)}
          />
          {rows.length > 0 && (
            <DataTable columns={columns}>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid={`${resource}-row`} selected={selected === row.id}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={c.sx}>
                      {body(c.key, row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </DataTable>
          )}
        </CardContent>
      </Card>
      {selected !== null &&
        panel(selected, {
          accommodationId,
          onClose: () => setSelected(null),
          onChanged: () => void reload(),
          onCreated: (record) => setSelected(record.id),
        })}
      <ConfirmDialog
        open={toDelete !== null}
        content={toDelete ? translate(`app.${resource}.delete_content`, { name: toDelete.name }) : undefined}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => askDelete(null)}
      />
    </Stack>
  );
}
