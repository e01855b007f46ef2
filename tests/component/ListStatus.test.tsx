import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListStatus } from '../../src/components/ListStatus';

const texts = { loadingLabel: '読み込み中', failedText: '読み込めませんでした。', emptyText: '部屋はまだありません。' };

describe('ListStatus', () => {
  it('says what the list is doing instead of its rows', () => {
    const { rerender, container } = render(<ListStatus status="loading" count={0} {...texts} />);
    expect(screen.getByRole('progressbar', { name: '読み込み中' })).toBeInTheDocument();
    rerender(<ListStatus status="failed" count={0} {...texts} />);
    expect(screen.getByRole('alert')).toHaveTextContent('読み込めませんでした。');
    rerender(<ListStatus status="ready" count={0} {...texts} />);
    expect(screen.getByRole('alert')).toHaveTextContent('部屋はまだありません。');
    rerender(<ListStatus status="ready" count={3} {...texts} />);
    expect(container).toBeEmptyDOMElement();
  });
});
