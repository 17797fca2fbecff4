import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FullPageMessage } from './FullPageMessage';

export function NotFound({ title = 'Page not found' }: { title?: string }) {
  return (
    <FullPageMessage title={title} detail="The address may be mistyped, or the page has moved.">
      <Button component={Link} to="/" variant="light">
        Back to the dashboard
      </Button>
    </FullPageMessage>
  );
}
