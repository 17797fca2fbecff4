import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { SortableList } from './SortableList';

const items = [
  { id: 1, label: 'Alpha' },
  { id: 2, label: 'Beta' },
  { id: 3, label: 'Gamma' },
];

function list(editable: boolean, onReorder = jest.fn()) {
  renderWithProviders(
    <SortableList
      items={items}
      label="Things"
      editable={editable}
      onReorder={onReorder}
      renderItem={(item, handle) => (
        <div>
          {handle}
          {item.label}
        </div>
      )}
    />,
  );
  return onReorder;
}

describe('SortableList (reorder by drag or keyboard)', () => {
  it('moves one step with the Move buttons and reports the whole new order', () => {
    const onReorder = list(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Gamma up' }));
    expect(onReorder).toHaveBeenLastCalledWith([1, 3, 2], 3);
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(onReorder).toHaveBeenLastCalledWith([2, 1, 3], 1);
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Gamma down' })).toBeDisabled();
  });

  it('gives each row a labelled drag handle that explains the keyboard', () => {
    list(true);
    const handle = screen.getByRole('button', { name: 'Drag Beta to reorder' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('shows no reorder controls when the person may not edit', () => {
    list(false);
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('AlphaBetaGamma');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
