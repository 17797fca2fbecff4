import {
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions, useSession } from '../app/session';
import { confirmDanger } from '../ui/confirm';
import { CreateForm } from '../ui/CreateForm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { fieldErrors } from '../ui/field-errors';
import { notifyDone, notifyError, outcome } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import { ACTIONS, ResourceTable } from '../ui/ResourceTable';
import { RoleGuard } from '../ui/RoleGuard';
import { useTeam, useTeamActions, type InviteBody } from './use-team';

const route = getRouteApi('/sites/$siteId/team');

const ROLES = [
  { value: 'admin', label: 'Admin' },
  { value: 'editor', label: 'Editor' },
  { value: 'translator', label: 'Translator' },
  { value: 'viewer', label: 'Viewer' },
];
type Role = InviteBody['role'];
const label = (role: string) =>
  role === 'owner' ? 'Owner' : (ROLES.find((r) => r.value === role)?.label ?? role);
const day = (value: string) => value.slice(0, 10);

type Actions = ReturnType<typeof useTeamActions>;

function InviteForm({ invite }: { invite: Actions['invite'] }) {
  const empty: InviteBody = { email: '', role: 'editor', notes_access: false };
  const [form, setForm] = useState<InviteBody>(empty);
  const errors = fieldErrors(invite.error);
  return (
    <CreateForm
      id="invite-title"
      title="Invite a person"
      submit="Send invitation"
      write={invite}
      onSubmit={() =>
        invite.mutate(form, {
          onSuccess: () => {
            notifyDone(`Invitation sent to ${form.email.trim()}.`);
            setForm(empty);
          },
        })
      }
    >
      <TextInput
        label="Email"
        type="email"
        value={form.email}
        error={errors.email}
        onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
      />
      <Select
        label="Role"
        data={ROLES}
        value={form.role}
        error={errors.role}
        allowDeselect={false}
        onChange={(role) => setForm({ ...form, role: (role ?? 'editor') as Role })}
      />
      <Checkbox
        label="Team-notes access"
        checked={Boolean(form.notes_access)}
        error={errors.notes_access}
        onChange={(e) => setForm({ ...form, notes_access: e.currentTarget.checked })}
      />
    </CreateForm>
  );
}

/** The team (issue 38 item 2): members and their roles, invitations, transfer of ownership. */
export function TeamScreen() {
  const { site } = route.useRouteContext();
  return (
    <RoleGuard
      allowed={permissions(site).manageTeam}
      title="Team"
      detail="Only an Owner or Admin of the site can manage the team."
    >
      <Team site={site} />
    </RoleGuard>
  );
}

function Team({ site }: { site: SessionSite }) {
  const session = useSession();
  const { members, invitations } = useTeam(site.id);
  const act = useTeamActions(site.id);
  const isOwner = site.role === 'owner';
  const confirm = (title: string, body: string, confirmLabel: string, run: () => void) =>
    confirmDanger({ title, body, confirm: confirmLabel, onConfirm: run });

  return (
    <>
      <PageHeader title="Team" />
      <InviteForm invite={act.invite} />
      <Title order={2} size="h4" mb="xs">
        Members
      </Title>
      <ResourceTable
        label="Members"
        columns={['Name', 'Email', 'Role', 'Team notes', ACTIONS]}
        list={members}
        count={members.data?.members.length ?? 0}
        empty="No members."
        minWidth={720}
      >
        {(members.data?.members ?? []).map((m) => {
          const owner = m.role === 'owner';
          const me = m.user_id === session.user.id;
          const who = m.name || m.email;
          return (
            <Table.Tr key={m.user_id}>
              <Table.Td>
                {who}
                {me && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    (you)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>
                {owner ? (
                  <Badge variant="light">Owner</Badge>
                ) : (
                  <Select
                    aria-label={`Role of ${who}`}
                    data={ROLES}
                    value={m.role}
                    allowDeselect={false}
                    w={150}
                    onChange={(role) =>
                      role &&
                      act.change.mutate(
                        { userId: m.user_id, role: role as Role },
                        outcome(`${who} is now ${label(role)}.`),
                      )
                    }
                  />
                )}
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Team-notes access of ${who}`}
                  checked={m.notes_access}
                  disabled={owner && !isOwner}
                  onChange={(e) =>
                    act.change.mutate(
                      { userId: m.user_id, notes_access: e.currentTarget.checked },
                      outcome(`Team-notes access of ${who} changed.`),
                    )
                  }
                />
              </Table.Td>
              <Table.Td ta="right">
                {!owner && (
                  <Group gap={4} justify="flex-end">
                    {isOwner && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() =>
                          confirm(
                            `Make ${who} the Owner?`,
                            `${who} becomes the Owner and you become an Admin. Your connected apps no longer reach this site; API keys keep working.`,
                            'Transfer ownership',
                            () =>
                              act.transfer.mutate(m.user_id, {
                                onSuccess: () => location.reload(),
                                onError: notifyError,
                              }),
                          )
                        }
                      >
                        Make Owner
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${who}`}
                      onClick={() =>
                        confirm(
                          `Remove ${who}?`,
                          `${who} loses access to this site at their next request.`,
                          'Remove',
                          () => act.remove.mutate(m.user_id, outcome(`${who} was removed.`)),
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ResourceTable>
      <Title order={2} size="h4" mt="lg" mb="xs">
        Pending invitations
      </Title>
      {invitations.isError && <ErrorNotice error={invitations.error} />}
      {invitations.isSuccess && invitations.data.invitations.length === 0 ? (
        <Text c="dimmed">No pending invitations.</Text>
      ) : (
        <ResourceTable
          label="Pending invitations"
          columns={['Email', 'Role', 'Invited by', 'Expires', ACTIONS]}
          list={{ ...invitations, isError: false }}
          count={invitations.data?.invitations.length ?? 0}
          empty="No pending invitations."
          minWidth={720}
        >
          {(invitations.data?.invitations ?? []).map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.email}</Table.Td>
              <Table.Td>{label(i.role)}</Table.Td>
              <Table.Td>{i.invited_by}</Table.Td>
              <Table.Td>
                {i.expired ? <Badge color="gray">Expired</Badge> : day(i.expires_at)}
              </Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Send the invitation to ${i.email} again`}
                    onClick={() => act.resend.mutate(i.id, outcome(`Sent again to ${i.email}.`))}
                  >
                    Resend
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke the invitation to ${i.email}`}
                    onClick={() =>
                      act.revoke.mutate(i.id, outcome(`The invitation to ${i.email} was revoked.`))
                    }
                  >
                    Revoke
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ResourceTable>
      )}
    </>
  );
}
