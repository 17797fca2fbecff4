import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { ConflictDialog } from './ConflictDialog';
import type { Conflict } from './session';

const fields = (title: string, content: string) => ({
  en: { title, slug: '', content, metaTitle: '', metaDescription: '' },
});

describe('the conflict dialog (issue 37 item 4)', () => {
  it('shows both versions side by side, their differences marked, as text; the person chooses', async () => {
    const conflict: Conflict = {
      kind: 'revision',
      mine: fields(
        'Refunds',
        '<p>Refunds take <strong>three</strong> days.</p><script>alert(1)</script>',
      ),
      theirs: fields('Refunds', '<p>Refunds take ten days.</p>'),
      languages: ['en'],
    };
    const onChoose = jest.fn();
    renderWithProviders(<ConflictDialog conflict={conflict} busy={false} onChoose={onChoose} />);
    const theirs = await screen.findByTestId('conflict-theirs');
    const mine = screen.getByTestId('conflict-mine');
    expect(theirs).toHaveTextContent('Refunds take ten days.');
    expect(mine).toHaveTextContent('Refunds take three days.');
    expect(within(theirs).getByText('ten').tagName).toBe('DEL');
    expect(within(mine).getByText('three').tagName).toBe('INS');
    expect(document.querySelector('[role="dialog"] script, [role="dialog"] strong')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Take their version' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my version' }));
    expect(onChoose.mock.calls).toEqual([['theirs'], ['mine']]);
  });

  it('BASE_CHANGED offers to publish anyway or discard the staged copy', async () => {
    const conflict: Conflict = {
      kind: 'base_changed',
      mine: fields('A', '<p>staged</p>'),
      theirs: fields('A', '<p>live</p>'),
      languages: ['en'],
    };
    renderWithProviders(<ConflictDialog conflict={conflict} busy={false} onChoose={jest.fn()} />);
    expect(
      await screen.findByRole('button', { name: 'Publish my changes anyway' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard my staged changes' })).toBeInTheDocument();
    expect(screen.getByText('Live now')).toBeInTheDocument();
  });
});
