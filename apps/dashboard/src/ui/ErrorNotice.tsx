import { Alert } from '@mantine/core';
import { errorMessage } from '../api/client';

/** A request that failed, said in the server's words. */
export function ErrorNotice({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="Could not load" mb="md" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
