import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable,
  ListBase,
  ListContextProvider,
  Title,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { columnEntries, fieldEntries, type AnyEntity, type FieldMeta } from '../../contract/entity';
import { reorder } from '../../contract/order';
import type { AppDataProvider, CallMeta } from '../../dataProvider/dataProvider';
import { tableScrollSx } from '../components/ListStatus';
import { CallMetaProvider, useCallMeta } from './CallMeta';
import { fieldCell } from './cells';
import { DeleteRecordButton, type DeleteRefusedAction } from './DeleteRecordButton';
import { EntityDialog, type EntityDialogProps } from './EntityDialog';
import type { InputOverrides } from './EntityForm';
import { EntityPanel } from './EntityPanel';
import { useEntityText } from './entityText';
import { refusalMessage } from './formErrors';
import { ReorderBody, ReorderHandle, ReorderProvider } from './reorder';
import { PageCard } from '../components/PageCard';

/** Lists here are a facility's or a company's own records: shown whole, never paged. */
const WHOLE_LIST = 1000;
const AS_ANSWERED = { field: '', order: 'ASC' as const };
const BY_DISPLAY_ORDER = { field: 'display_order', order: 'ASC' as const };

export interface ExtraColumn {
  name: string;
  label: string;
  render: (record: RaRecord) => ReactNode;
  /** After 設定 or 編集 rather than before (a plan's 料金設定). */
  afterEdit?: boolean;
}

export interface EntityListProps {
  entity: AnyEntity;
  /**
   * How records are created and edited: `dialog`, an overlay (partners, options, FAQ); `panel`, a
   * settings sheet over the right of the list whose fields save as they are left (rooms, plans, users).
   */
  form: 'dialog' | 'panel';
  /** Rows are dragged (or moved with the keyboard) into order; display_order of moved rows is saved. */
  reorderable?: boolean;
  /** The page's `meta` (the accommodation of a nested resource). */
  meta?: CallMeta;
  /** Cells this entity draws itself, by field (a room's plans as chips). */
  cells?: Readonly<Record<string, (record: RaRecord) => ReactNode>>;
  /** Columns that are not fields (a plan's price settings), after the fields, before the actions. */
  extraColumns?: readonly ExtraColumn[];
  /** Columns left out on a phone, beyond the fields marked so (`edit`, `delete`, an extra column). */
  narrowHidden?: readonly string[];
  /** The entity's own inputs in place of generated ones. */
  inputs?: InputOverrides;
  /** Under an existing record's inputs in the panel (a room's attached plans). */
  panelChildren?: ReactNode;
  /** Under a new record's inputs, in the panel or the overlay. */
  createNote?: ReactNode;
  /** Texts of the overlay other than the conventional ones. */
  dialog?: Pick<EntityDialogProps, 'titles' | 'submitLabels'>;
  /** The way out offered when a delete is refused (a plan in use: stop selling it). */
  deleteRefusedAction?: DeleteRefusedAction;
  /** false: records are added and removed, never changed (sender addresses): no edit column, no row click. */
  editable?: boolean;
}

/**
 * The list of an entity generated from its description, with react-admin's ListBase and DataTable:
 * the columns of its fields (formatted by their column meta, some hidden on a phone), the filter of
 * a filterable field, 新規作成, and per row 編集 or 設定 and 削除. Reads and writes go through the
 * dataProvider; react-admin's query cache refreshes the list after a create, a save or a delete.
 */
export function EntityList(props: EntityListProps) {
  const { entity, meta, reorderable } = props;
  return (
    <CallMetaProvider value={meta}>
      <ListBase
        resource={entity.resource}
        queryOptions={{ meta }}
        perPage={WHOLE_LIST}
        sort={reorderable ? BY_DISPLAY_ORDER : AS_ANSWERED}
        disableSyncWithLocation
        storeKey={false}
      >
        <EntityListView {...props} />
      </ListBase>
    </CallMetaProvider>
  );
}

/** The record open in the overlay or the panel: null a new one. */
type Open = { id: Identifier | null } | null;

function EntityListView(props: EntityListProps) {
  const { entity, form, reorderable = false, cells = {}, extraColumns = [], narrowHidden = [] } = props;
  const list = useListContext();
  const { text, label, translate } = useEntityText(entity);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState<Open>(null);
  // After a reorder the rows show in their new order at once (spec 4), until the list is read again.
  const [moved, setMoved] = useState<{ from: RaRecord[] | undefined; rows: RaRecord[] } | null>(null);
  const rows = reorderable && moved && moved.from === list.data ? moved.rows : list.data;

  const editAction = form === 'panel' ? 'settings' : 'edit';
  const hidden = (name: string, field?: FieldMeta) =>
    (props.editable === false && name === editAction) ||
    (narrow && (narrowHidden.includes(name) || Boolean(field?.column?.hiddenWhenNarrow)));
  const columns = columnEntries(entity).filter(([name, field]) => !hidden(name, field));
  const filters = fieldEntries(entity).filter(([, f]) => f.filter);
  const title = text('titles.list');

  const extraOf = (afterEdit: boolean) =>
    extraColumns.filter((c) => Boolean(c.afterEdit) === afterEdit && !hidden(c.name));
  const extras = (afterEdit: boolean) =>
    extraOf(afterEdit).map((c) => (
      <DataTable.Col key={c.name} source={c.name} label={c.label} disableSort render={c.render} />
    ));
  const editButton = (record: RaRecord) => (
    <Button size="small" variant="outlined" onClick={() => setOpen({ id: record.id })}>
      {translate(`app.crud.${editAction}`)}
    </Button>
  );
  const deleteButton = () => (
    <DeleteRecordButton
      entity={entity}
      onDeleted={(r) => open?.id === r.id && setOpen(null)}
      refusedAction={props.deleteRefusedAction}
    />
  );
  const dataColumn = ([source, field]: (typeof columns)[number], index: number) => (
    <DataTable.Col
      key={source}
      source={source}
      label={field.column?.label ? translate(field.column.label) : label(source)}
      disableSort={!field.column?.sortable || reorderable}
      align={field.column?.format === 'yen' || field.column?.format === 'count' ? 'right' : undefined}
      cellClassName={
        field.input === 'multiline' || field.input === 'text' || (narrow && index === 0) ? 'wrap' : undefined
      }
      cellSx={() => (field.input === 'multiline' || field.input === 'text' ? { minWidth: narrow ? 120 : 160 } : {})}
      render={(record: RaRecord) => cells[source]?.(record) ?? fieldCell(source, field, record, translate)}
    />
  );
  // On a phone the row's actions come right after its first column, one under the other, so that
  // they are on screen without scrolling sideways; the other columns follow.
  const phoneActions = narrow && (!hidden(editAction) || !hidden('delete') || extraOf(true).length > 0) && (
    <DataTable.Col
      source="actions"
      label={translate('app.crud.actions')}
      disableSort
      render={(record: RaRecord) => (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          {!hidden(editAction) && editButton(record)}
          {extraOf(true).map((c) => (
            <Box key={c.name}>{c.render(record)}</Box>
          ))}
          {!hidden('delete') && deleteButton()}
        </Stack>
      )}
    />
  );

  const table = (
    <DataTable
      body={reorderable ? ReorderBody : undefined}
      // On a phone without the edit column, a row opens its record.
      rowClick={
        hidden(editAction) && props.editable !== false
          ? (id: Identifier) => {
              setOpen({ id });
              return false;
            }
          : false
      }
      bulkActionButtons={false}
      empty={<Typography color="text.secondary">{text('messages.empty')}</Typography>}
      rowSx={(record: RaRecord) => (open?.id === record.id ? { bgcolor: 'action.selected' } : {})}
      data-testid={`${entity.resource}-table`}
      // Short values stay on one line (the table scrolls sideways when narrow); sentences wrap.
      // On a phone, tighter cells and a first column that may wrap keep the actions in view.
      sx={{
        '& th': { whiteSpace: 'nowrap' },
        '& td': { whiteSpace: 'nowrap' },
        '& td.wrap': { whiteSpace: 'normal' },
        ...(narrow ? { '& th, & td': { px: 1 } } : {}),
      }}
    >
      {reorderable && (
        <DataTable.Col
          source="display_order"
          label={translate('app.crud.order')}
          disableSort
          render={() => <ReorderHandle label={(r) => String(r[entity.recordRepresentation] ?? '')} />}
        />
      )}
      {narrow ? columns.slice(0, 1).map(dataColumn) : null}
      {phoneActions}
      {(narrow ? columns.slice(1) : columns).map((c, i) => dataColumn(c, narrow ? i + 1 : i))}
      {extras(false)}
      {!narrow && !hidden(editAction) && (
        <DataTable.Col
          source={editAction}
          label={translate(`app.crud.${editAction}`)}
          disableSort
          render={editButton}
        />
      )}
      {!narrow && extras(true)}
      {!narrow && !hidden('delete') && (
        <DataTable.Col source="delete" label={translate('app.crud.delete')} disableSort render={deleteButton} />
      )}
    </DataTable>
  );

  return (
    // One column: the panel (EntityPanel) lies over the list, the overlay (EntityDialog) is modal;
    // either way the list keeps its width and its columns.
    <Stack sx={{ gap: 2, mt: 1, minWidth: 0 }}>
      <Title title={title} preferenceKey={false} />
      <PageCard
        sx={{ flex: 1, minWidth: 0, width: '100%' }}
        data-testid={`${entity.resource}-list`}
        title={title}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ id: null })}>
            {text('actions.new')}
          </Button>
        }
      >
        {filters.map(([source, field]) => (
          <ReferenceFilter key={source} source={source} field={field} label={label(source)} />
        ))}
        {list.error ? (
          <Alert severity="error">{text('messages.load_failed')}</Alert>
        ) : (
          // The same list with its rows in their new order (a union on isPending a spread cannot narrow).
          <ListContextProvider value={{ ...list, data: rows } as typeof list}>
            <Box sx={tableScrollSx}>
              {reorderable ? (
                <Reorderable
                  entity={entity}
                  rows={rows ?? []}
                  onMoved={(next) => setMoved(next === null ? null : { from: list.data, rows: next })}
                >
                  {table}
                </Reorderable>
              ) : (
                table
              )}
            </Box>
          </ListContextProvider>
        )}
      </PageCard>
      {open && form === 'dialog' && (
        <EntityDialog
          key={String(open.id)}
          entity={entity}
          id={open.id}
          onClose={() => setOpen(null)}
          inputs={props.inputs}
          defaults={list.filterValues}
          createNote={props.createNote}
          {...props.dialog}
        />
      )}
      {open && form === 'panel' && (
        <EntityPanel
          key={String(open.id)}
          entity={entity}
          id={open.id ?? 0}
          onClose={() => setOpen(null)}
          onCreated={(record) => setOpen({ id: record.id })}
          inputs={props.inputs}
          createNote={props.createNote}
        >
          {props.panelChildren}
        </EntityPanel>
      )}
    </Stack>
  );
}

interface ReorderableProps {
  entity: AnyEntity;
  /** The rows as they show. */
  rows: RaRecord[];
  /** The rows in their new order; null: forget it (a save failed, the list is read again). */
  onMoved: (rows: RaRecord[] | null) => void;
  children: ReactNode;
}

/** Moves rows (drag or keyboard) and saves display_order of the moved ones only; a failure reloads. */
function Reorderable({ entity, rows: shown, onMoved, children }: ReorderableProps) {
  const { refetch } = useListContext();
  const meta = useCallMeta();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { translate } = useEntityText(entity);
  const [saving, setSaving] = useState(false);
  const rows = shown as (RaRecord & { id: number; display_order: number })[];

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= rows.length || saving) return;
    const next = reorder(rows, from, to);
    onMoved(next.rows);
    if (next.changes.length === 0) return;
    setSaving(true);
    void dataProvider.reorder(entity.resource as never, { meta, changes: next.changes }).then(async (failures) => {
      setSaving(false);
      if (failures.length === 0) return;
      notify(refusalMessage(failures[0], translate('app.crud.reorder_failed')), { type: 'error' });
      onMoved(null);
      await refetch();
    });
  };

  return (
    <ReorderProvider move={move} saving={saving} count={rows.length}>
      {children}
    </ReorderProvider>
  );
}

/** A filter of the list by a reference (the FAQ's room): its first choice lifts the filter. */
function ReferenceFilter({ source, field, label }: { source: string; field: FieldMeta; label: string }) {
  const meta = useCallMeta();
  const { filterValues, setFilters } = useListContext();
  const { translate } = useEntityText({ resource: field.reference } as AnyEntity);
  const { data: choices = [] } = useGetList(
    field.reference!,
    { pagination: { page: 1, perPage: WHOLE_LIST }, meta: { ...meta, choices: true } },
    { enabled: Boolean(field.reference) },
  );
  const value = (filterValues as Record<string, unknown>)[source];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => setFilters(e.target.value === '' ? {} : { [source]: Number(e.target.value) }, {})}
      sx={{ width: { xs: '100%', sm: 320 }, mb: 2 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`filter-${source}`}
    >
      <MenuItem value="">{translate(field.filter!.allLabel)}</MenuItem>
      {choices.map((c: RaRecord) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {String(c.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
