import { Anchor, Stack, Text, Title } from '@mantine/core';

/**
 * `/app/sites/<id>/design/<draft id>` and `/app/sites/<id>/customizer`: URLs the design API
 * already hands out (spec 4.12). The design screens come with the dashboard's part 3; until then
 * the page says so and points to the design API.
 */
export function DesignPlaceholder() {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>Design</Title>
      <Text>
        Editing the site&apos;s design in the dashboard is coming soon. Until then, drafts and
        themes are edited through the design API.
      </Text>
      <Anchor href="/docs">API reference (the design routes, /v1/template)</Anchor>
    </Stack>
  );
}
