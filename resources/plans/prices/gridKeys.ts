import type { KeyboardEvent } from 'react';

/**
 * Spreadsheet keys in the price grid (issue 19): Enter commits and moves down (Shift+Enter up), the
 * arrows move between cells, left and right only once the caret is at the edge of a cell being
 * edited, and Tab moves right as the browser does. Cells are the grid's <input data-row data-col>;
 * a cell is being edited once it was clicked or typed into (data-editing), not when it was reached
 * with the keyboard (its text is then selected, as in a spreadsheet).
 */

export interface CellState {
  /** Clicked or typed into since it was reached. */
  editing: boolean;
  caretAtStart: boolean;
  caretAtEnd: boolean;
}

export interface GridMove {
  rows: number;
  cols: number;
}

/** Where a key moves from a cell, or null when the key belongs to the cell (typing, the caret). */
export function gridMove(key: string, shift: boolean, cell: CellState): GridMove | null {
  switch (key) {
    case 'Enter':
      return { rows: shift ? -1 : 1, cols: 0 };
    case 'ArrowDown':
      return { rows: 1, cols: 0 };
    case 'ArrowUp':
      return { rows: -1, cols: 0 };
    case 'ArrowLeft':
      return !cell.editing || cell.caretAtStart ? { rows: 0, cols: -1 } : null;
    case 'ArrowRight':
      return !cell.editing || cell.caretAtEnd ? { rows: 0, cols: 1 } : null;
    default:
      return null;
  }
}

const cellAt = (grid: HTMLElement, row: number, col: number) =>
  grid.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);

/** Marks a cell as being edited (a click, typing, F2): the left and right keys then move its caret. */
export function markEditing(input: HTMLInputElement, editing: boolean): void {
  input.dataset.editing = editing ? 'true' : 'false';
}

/**
 * The grid's keydown handler (on the table, for every cell): moves to the next cell that can be
 * edited in the key's direction, skipping cells without a price; Enter on the last one leaves the
 * cell, which commits it.
 */
export function onGridKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.dataset.row === undefined) return;
  // Enter and the arrows belong to a Japanese IME while it composes.
  if (event.nativeEvent.isComposing || event.keyCode === 229) return;
  if (event.key === 'F2') {
    markEditing(input, true);
    return;
  }
  const start = input.selectionStart ?? 0;
  const end = input.selectionEnd ?? 0;
  const move = gridMove(event.key, event.shiftKey, {
    editing: input.dataset.editing === 'true',
    caretAtStart: start === 0 && end === 0,
    caretAtEnd: start === input.value.length && end === input.value.length,
  });
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  const grid = event.currentTarget;
  let row = Number(input.dataset.row);
  let col = Number(input.dataset.col);
  for (;;) {
    row += move.rows;
    col += move.cols;
    const next = cellAt(grid, row, col);
    if (!next) break;
    if (next.disabled) continue;
    event.preventDefault();
    next.focus();
    next.select();
    markEditing(next, false);
    return;
  }
  if (event.key === 'Enter') {
    event.preventDefault();
    input.blur();
  }
}
