// The editor's entry (issue 37 item 4, the "dash-editor" engineer's): replace this file's body.
// Contract: default export, props { site, articleId } (articleId null: a new article); loaded
// lazily by ../EditorRoute.tsx.
import { Alert, Stack, Title } from '@mantine/core';
import type { SessionSite } from '../../api/contract';

export interface ArticleEditorProps {
  site: SessionSite;
  articleId: number | null;
}

export default function ArticleEditor({ articleId }: ArticleEditorProps) {
  return (
    <Stack>
      <Title order={1}>{articleId === null ? 'New article' : `Article ${articleId}`}</Title>
      <Alert color="blue">The article editor arrives with issue 37 item 4.</Alert>
    </Stack>
  );
}
