import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { FullPageMessage } from './FullPageMessage';

it('shows a page-level message as the main landmark with a heading', () => {
  renderWithProviders(<FullPageMessage title="Loading…" detail="One moment" />);
  expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  expect(screen.getByText('One moment')).toBeVisible();
});
