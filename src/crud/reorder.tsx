import { createContext, useContext, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, IconButton, Stack, TableBody } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  DataTableRow,
  RecordContextProvider,
  useDataTableDataContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** What the rows of a reorderable list share: the move, whether a save runs, the drag under way. */
interface ReorderState {
  move: (from: number, to: number) => void;
  saving: boolean;
  count: number;
  dragFromRef: React.MutableRefObject<number | null>;
  dragOver: number | null;
  setDragOver: (index: number | null) => void;
}

const ReorderContext = createContext<ReorderState | null>(null);

function useReorder(): ReorderState {
  const state = useContext(ReorderContext);
  if (!state) throw new Error('a reorderable list needs ReorderProvider');
  return state;
}

export function ReorderProvider({
  move,
  saving,
  count,
  children,
}: Pick<ReorderState, 'move' | 'saving' | 'count'> & { children: ReactNode }) {
  const dragFromRef = useRef<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  return (
    <ReorderContext.Provider value={{ move, saving, count, dragFromRef, dragOver, setDragOver }}>
      {children}
    </ReorderContext.Provider>
  );
}

/** The DataTable body of a reorderable list: each row takes a drop of the row being dragged. */
export function ReorderBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext() ?? [];
  const { move, dragFromRef, dragOver, setDragOver } = useReorder();
  return (
    <TableBody>
      {data.map((record: RaRecord, index: number) => (
        <RecordContextProvider value={record} key={record.id}>
          <DataTableRow
            data-testid="reorder-row"
            onDragOver={(e: DragEvent) => {
              if (dragFromRef.current === null) return;
              // Allows the drop here.
              e.preventDefault();
              if (dragOver !== index) setDragOver(index);
            }}
            onDrop={(e: DragEvent) => {
              e.preventDefault();
              const from = dragFromRef.current;
              dragFromRef.current = null;
              setDragOver(null);
              if (from !== null) move(from, index);
            }}
            sx={
              dragOver === index
                ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -2 }
                : undefined
            }
          >
            {children}
          </DataTableRow>
        </RecordContextProvider>
      ))}
    </TableBody>
  );
}

/** The first cell of a reorderable row: a drag handle, and up and down buttons for the keyboard. */
export function ReorderHandle({ label }: { label: (record: RaRecord) => string }) {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const data = useDataTableDataContext() ?? [];
  const { move, saving, count, dragFromRef, setDragOver } = useReorder();
  if (!record) return null;
  const index = data.findIndex((r: RaRecord) => r.id === record.id);
  const name = label(record);
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <Box
        component="span"
        draggable={!saving}
        title={translate('app.crud.drag', { name })}
        data-testid="reorder-drag"
        onDragStart={(e: DragEvent) => {
          dragFromRef.current = index;
          e.dataTransfer.effectAllowed = 'move';
          // Firefox starts a drag only with some data.
          e.dataTransfer.setData('text/plain', String(record.id));
        }}
        onDragEnd={() => {
          dragFromRef.current = null;
          setDragOver(null);
        }}
        sx={{ display: 'inline-flex', cursor: saving ? 'progress' : 'grab', color: 'text.secondary', p: 0.5 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </Box>
      <IconButton
        size="small"
        aria-label={translate('app.crud.move_up', { name })}
        disabled={saving || index === 0}
        onClick={() => move(index, index - 1)}
      >
        <ArrowUpwardIcon fontSize="inherit" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={translate('app.crud.move_down', { name })}
        disabled={saving || index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        <ArrowDownwardIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}
