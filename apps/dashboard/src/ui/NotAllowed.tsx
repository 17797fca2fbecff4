import { Alert } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A screen the person's role does not offer (the API refuses it too). */
export function NotAllowed({ title, detail }: { title: string; detail: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="yellow" title="Not available to your role" role="alert">
        {detail}
      </Alert>
    </>
  );
}
