import {
  Code,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Button,
} from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorNotice } from '../ui/ErrorNotice';
import { PageHeader } from '../ui/PageHeader';
import { AccessSections } from './AccessSections';
import { SettingsForm } from './SettingsForm';
import { TextSections } from './TextSections';
import { TwoFactorSection } from './TwoFactorSection';
import { ReviewSettingSection } from '../review/ReviewSettingSection';
import {
  saveDomain,
  saveGeneral,
  useSettingsSave,
  useSiteSettings,
  type SiteSettings,
} from './use-settings';

const route = getRouteApi('/sites/$siteId/settings');

/** Site settings (issue 38 item 5): what an Owner or Admin changes without the operator. */
export function SettingsScreen() {
  const { site } = route.useRouteContext();
  const settings = useSiteSettings(site.id);
  return (
    <>
      <PageHeader title="Site settings" />
      {settings.isError && <ErrorNotice error={settings.error} />}
      {settings.data && (
        <Stack gap="lg" maw={760}>
          <GeneralSection siteId={site.id} settings={settings.data} />
          <DomainSection siteId={site.id} settings={settings.data} />
          <AccessSections siteId={site.id} settings={settings.data} />
          <TwoFactorSection siteId={site.id} settings={settings.data} />
          <ReviewSettingSection siteId={site.id} />
          <TextSections siteId={site.id} settings={settings.data} />
        </Stack>
      )}
    </>
  );
}

interface SectionProps {
  siteId: number;
  settings: SiteSettings;
}

function GeneralSection({ siteId, settings }: SectionProps) {
  const [name, setName] = useState(settings.name);
  const [subdomain, setSubdomain] = useState(settings.subdomain);
  const [languages, setLanguages] = useState<string[]>(settings.languages);
  const [defaultLanguage, setDefaultLanguage] = useState(settings.default_language);
  const save = useSettingsSave(siteId, saveGeneral);
  return (
    <SettingsForm
      title="Name and languages"
      description="A new subdomain moves the reader site’s address at once."
      save={save}
      fields={['name', 'subdomain', 'languages', 'default_language']}
      value={() => ({ name, subdomain, languages, default_language: defaultLanguage })}
    >
      {(errors) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Subdomain"
              value={subdomain}
              onChange={(e) => setSubdomain(e.currentTarget.value)}
              error={errors.subdomain}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label="Languages"
              data={settings.language_codes}
              value={languages}
              onChange={setLanguages}
              searchable
              error={errors.languages}
            />
            <Select
              label="Default language"
              data={[...new Set([defaultLanguage, ...languages])]}
              value={defaultLanguage}
              onChange={(v) => v && setDefaultLanguage(v)}
              allowDeselect={false}
              error={errors.default_language}
            />
          </SimpleGrid>
        </>
      )}
    </SettingsForm>
  );
}

function DomainSection({ siteId, settings }: SectionProps) {
  const [domain, setDomain] = useState(settings.custom_domain ?? '');
  const save = useSettingsSave(siteId, saveDomain);
  const shown = domain.trim().toLowerCase() || 'help.example.com';
  return (
    <SettingsForm
      title="Custom domain"
      description={
        <>
          Before saving, add a DNS TXT record named{' '}
          <Code>
            {settings.domain_check.label}.{shown}
          </Code>{' '}
          with the value <Code>{settings.domain_check.value}</Code>. Serving the domain (its
          listener and certificate) is then set up by the platform operator.
        </>
      }
      save={save}
      fields={['domain']}
      value={() => domain.trim() || null}
      extra={
        settings.custom_domain && (
          <Button variant="subtle" color="red" onClick={() => save.mutate(null)}>
            Remove the custom domain
          </Button>
        )
      }
    >
      {(errors) => (
        <>
          <TextInput
            label="Domain"
            placeholder="help.example.com"
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            error={errors.domain}
          />
          <Text size="sm" c="dimmed">
            Readers reach the site at {settings.url}
            {settings.custom_domain ? ` and at ${settings.custom_domain}` : ''}.
          </Text>
        </>
      )}
    </SettingsForm>
  );
}
