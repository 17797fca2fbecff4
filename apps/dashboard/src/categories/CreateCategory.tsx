import { Button, Select, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category, SessionSite } from '../api/contract';
import { localized } from '../ui/localized';
import { notifyDone, notifyError } from '../ui/notify';

type Create = UseMutationResult<
  unknown,
  Error,
  { name: Record<string, string>; parent_id: number | null }
>;

function CreateForm(props: {
  site: SessionSite;
  all: Category[];
  create: Create;
  close: () => void;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string>('none');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.create.mutate(
          {
            name: { [props.site.default_language]: name.trim() },
            parent_id: parent === 'none' ? null : Number(parent),
          },
          {
            onSuccess: () => {
              notifyDone(`Category “${name.trim()}” created.`);
              props.close();
            },
            onError: notifyError,
          },
        );
      }}
    >
      <Stack>
        <TextInput
          label={`Name (${props.site.default_language})`}
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Parent"
          data={[
            { value: 'none', label: 'None (top level)' },
            ...props.all.map((c) => ({
              value: String(c.id),
              label: localized(c.name, props.site.default_language),
            })),
          ]}
          value={parent}
          onChange={(v) => setParent(v ?? 'none')}
          allowDeselect={false}
        />
        <Button type="submit" loading={props.create.isPending} disabled={!name.trim()}>
          Create
        </Button>
      </Stack>
    </form>
  );
}

export function openCreateCategory(site: SessionSite, all: Category[], create: Create) {
  const id = modals.open({
    title: 'New category',
    children: <CreateForm site={site} all={all} create={create} close={() => modals.close(id)} />,
  });
}
