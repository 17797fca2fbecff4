import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../api/client';
import { fieldErrors } from '../ui/field-errors';
import { useCreateFirstSite } from './use-first-site';

const codes = (text: string) =>
  text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

interface Field {
  key: 'name' | 'subdomain' | 'languages' | 'lang';
  /** The API's name of the field (its messages are keyed by it). */
  field: string;
  label: string;
  description?: string;
  required?: boolean;
}

/** The form's fields. */
const FIELDS: readonly Field[] = [
  { key: 'name', field: 'name', label: 'Name', required: true },
  {
    key: 'subdomain',
    field: 'subdomain',
    label: 'Subdomain',
    description: 'Letters, digits and hyphens: the address of your help center',
    required: true,
  },
  {
    key: 'languages',
    field: 'languages',
    label: 'Languages',
    description: 'Language codes, separated by commas (en, de, fr-CA…)',
  },
  { key: 'lang', field: 'default_language', label: 'Default language' },
];

/**
 * The last step of signing up (issue 38): the person's first help center, its name, subdomain,
 * languages and default language. Each field shows the API's own message.
 */
export function FirstSiteScreen() {
  const navigate = useNavigate();
  const create = useCreateFirstSite();
  const [form, setForm] = useState({ name: '', subdomain: '', languages: 'en', lang: 'en' });
  const errors = fieldErrors(create.error);
  const other =
    create.error && Object.keys(errors).length === 0
      ? create.error instanceof ApiRequestError
        ? create.error.message
        : 'Something went wrong. Try again.'
      : null;
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [key]: e.currentTarget.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const defaultLanguage = form.lang.trim();
    create.mutate(
      {
        name: form.name,
        subdomain: form.subdomain,
        default_language: defaultLanguage,
        languages: codes(form.languages),
      },
      {
        onSuccess: (site) =>
          navigate({ to: '/sites/$siteId/articles', params: { siteId: String(site.id) } }),
      },
    );
  };

  return (
    <Stack component="main" maw={480} mx="auto" p="xl" gap="md">
      <Title order={1}>Create your help center</Title>
      <Text c="dimmed">You can change the name and languages later.</Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {other && (
              <Alert color="red" role="alert">
                {other}
              </Alert>
            )}
            {FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={f.label}
                description={f.description}
                required={f.required}
                value={form[f.key]}
                onChange={set(f.key)}
                error={errors[f.field]}
              />
            ))}
            <Button type="submit" loading={create.isPending}>
              Create help center
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
