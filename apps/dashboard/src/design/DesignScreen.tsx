import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { PageHeader } from '../ui/PageHeader';
import { useDesign } from './use-design';

const draftRoute = getRouteApi('/sites/$siteId/design/$draftId');
const customizerRoute = getRouteApi('/sites/$siteId/customizer');

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** `/app/sites/<id>/design/<draft id>`: the URL the design API hands out (`urls.customizer`). */
export function DesignDraftScreen() {
  const { site } = draftRoute.useRouteContext();
  const { draftId } = draftRoute.useParams();
  return <DesignOverview site={site} asked={Number(draftId)} />;
}

/** `/app/sites/<id>/customizer`: where `template_migration_required` sends people. */
export function CustomizerScreen() {
  const { site } = customizerRoute.useRouteContext();
  return <DesignOverview site={site} asked={null} />;
}

/**
 * The design, read only (issue 37 part 1): the draft, its theme, its last change and whether it
 * differs from the live design, with links to see it as readers will. Editing comes with the
 * design editor. Viewers and Translators see no design (spec 5.2: the API answers them 403
 * `design_forbidden`), and nothing is asked for them.
 */
export function DesignOverview({ site, asked }: { site: SessionSite; asked: number | null }) {
  const allowed = permissions(site).design;
  const design = useDesign(site.id, allowed);
  if (!allowed)
    return (
      <>
        <PageHeader title="Design" />
        <Alert color="gray" title="No access to the design" role="status">
          Your role on this site ({site.role}) does not include the design. Owners, Admins and
          Editors work on it.
        </Alert>
      </>
    );
  const t = design.data?.template;
  const key = t?.draft.preset_key;
  const theme = key ? (design.data?.themeNames.get(key) ?? key) : 'None';
  const stale = t && asked !== null && asked !== t.draft.id;
  return (
    <>
      <PageHeader title="Design" />
      {design.isError && <ErrorNotice error={design.error} />}
      {t && (
        <Stack gap="md" maw={760}>
          <Alert color="indigo" variant="light" title="Read only for now">
            Editing the design in the dashboard comes with the design editor. Until then the design
            is edited through the design API (the <code>/v1/template</code> routes of the{' '}
            <Anchor href="/docs" c="inherit" underline="always">
              API reference
            </Anchor>
            ).
          </Alert>
          {stale && (
            <Alert color="yellow" title={`Draft ${asked} is no longer the draft`} role="status">
              It was published or replaced; below is the current draft ({t.draft.id}).
            </Alert>
          )}
          <Paper withBorder p="md">
            <Table variant="vertical" layout="fixed" withRowBorders={false} aria-label="The draft">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Site</Table.Th>
                  <Table.Td>{t.site.name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Draft</Table.Th>
                  <Table.Td>
                    <Group gap="xs">
                      <Text span size="sm">
                        Draft {t.draft.id}
                      </Text>
                      <Badge
                        variant={t.draft.has_unpublished_changes ? 'outline' : 'default'}
                        color={t.draft.has_unpublished_changes ? 'orange.9' : undefined}
                      >
                        {t.draft.has_unpublished_changes ? 'Unpublished changes' : 'Same as live'}
                      </Badge>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Theme</Table.Th>
                  <Table.Td>{theme}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Draft updated</Table.Th>
                  <Table.Td>
                    <time dateTime={t.draft.updated_at}>{when(t.draft.updated_at)}</time>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Live design</Table.Th>
                  <Table.Td>
                    {t.published
                      ? `Version ${t.published.id}, published ${when(t.published.published_at)}${
                          t.published.message ? ` (${t.published.message})` : ''
                        }`
                      : 'Never published'}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
          <Group gap="sm">
            <Button
              component="a"
              href={t.urls.draft_preview}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              Preview the draft on the help center
            </Button>
            <Button
              component="a"
              variant="default"
              href={t.urls.live_site}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              Open the live help center
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            The draft preview opens on the help center&apos;s own address, where it asks you to sign
            in as a team member.
          </Text>
        </Stack>
      )}
    </>
  );
}
