import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiRequestError, requestContext, signInUrl, unwrap } from '../api/client';
import { fieldErrors, formError } from '../ui/field-errors';
import { FullPageMessage } from '../ui/FullPageMessage';

const STORED = 'hc-invitation';

/**
 * The link of `/app/invitations/<site id>#<token>`. The token rides in the fragment (no server
 * log sees it); it is kept for this tab only while the person signs in, and taken out of the
 * address bar at once.
 */
function readLink(): { site_id: number; token: string } | null {
  const site = /^\/app\/invitations\/(\d+)\/?$/.exec(location.pathname)?.[1];
  if (!site) return null;
  const fromHash = location.hash.slice(1);
  if (fromHash) {
    sessionStorage.setItem(STORED, JSON.stringify({ site, token: fromHash }));
    history.replaceState(null, '', location.pathname);
  }
  const stored = JSON.parse(sessionStorage.getItem(STORED) ?? 'null') as {
    site: string;
    token: string;
  } | null;
  return stored && stored.site === site ? { site_id: Number(site), token: stored.token } : null;
}

const TITLES: Record<string, string> = {
  invitation_used: 'This invitation was already accepted',
  invitation_expired: 'This invitation has expired',
  invitation_invalid: 'This invitation link is not valid',
};

/** A link that cannot be used: a clear page, and nothing changed. */
function LinkRefused({ error }: { error: unknown }) {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return (
    <FullPageMessage
      title={TITLES[code ?? ''] ?? 'The invitation could not be opened'}
      detail={error instanceof Error ? error.message : undefined}
    >
      <Button component="a" href="/app/" variant="light">
        Go to the dashboard
      </Button>
    </FullPageMessage>
  );
}

async function signedInEmail(): Promise<string | null> {
  const { data, response } = await api.GET('/v1/session');
  if (response.status === 401 || !data) return null;
  requestContext.csrfToken = data.data.csrf_token;
  return data.data.user.email;
}

/** Issue 38: the invitee joins as a new person (name and password) or, signed in, as themselves. */
export function InvitationPage() {
  const [link] = useState(readLink);
  const offer = useQuery({
    queryKey: ['invitation', link?.site_id],
    queryFn: () => unwrap(api.POST('/v1/invitations/lookup', { body: link! })),
    enabled: link !== null,
    retry: false,
  });
  const me = useQuery({ queryKey: ['invitation-session'], queryFn: signedInEmail, retry: false });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const finished = () => sessionStorage.removeItem(STORED);
  const asNew = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/v1/invitations/accept', { body: { ...link!, name, password } })),
    onSuccess: finished,
  });
  const join = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/invitations/join', { body: link! })),
    onSuccess: () => {
      finished();
      location.assign(`/app/sites/${link!.site_id}`);
    },
  });

  if (!link)
    return (
      <LinkRefused error={new Error('The link is incomplete. Open it from the email again.')} />
    );
  if (offer.isPending || me.isPending) return <FullPageMessage title="Loading…" />;
  if (offer.isError) return <LinkRefused error={offer.error} />;
  const invitation = offer.data.invitation;
  const site = invitation.site.name;
  if (asNew.isSuccess)
    return (
      <FullPageMessage
        title={`Welcome to ${site}`}
        detail="Your account is ready. Sign in to start."
      >
        <Button component="a" href={signInUrl(`/app/sites/${link.site_id}`)}>
          Sign in
        </Button>
      </FullPageMessage>
    );
  const errors = fieldErrors(asNew.error);
  const whole = formError(asNew.error) ?? formError(join.error);
  return (
    <FullPageMessage
      title={`Join ${site}`}
      detail={`${invitation.invited_by || 'A team member'} invited ${invitation.email} as ${invitation.role}.`}
    >
      {whole && (
        <Alert color="red" role="alert" w="100%">
          {whole}
        </Alert>
      )}
      {me.data ? (
        <Stack align="center">
          <Text size="sm">Signed in as {me.data}.</Text>
          <Button onClick={() => join.mutate()} loading={join.isPending}>
            Accept the invitation
          </Button>
        </Stack>
      ) : invitation.account_exists ? (
        <Button component="a" href={signInUrl(location.pathname)}>
          Sign in to accept
        </Button>
      ) : (
        <form
          noValidate
          style={{ width: '100%' }}
          onSubmit={(e) => {
            e.preventDefault();
            asNew.mutate();
          }}
        >
          <Stack>
            <TextInput label="Email" value={invitation.email} readOnly />
            {errors.email && (
              <Alert color="red" role="alert">
                {errors.email}
              </Alert>
            )}
            <TextInput
              label="Your name"
              autoComplete="name"
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              description="At least 8 characters"
              autoComplete="new-password"
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={asNew.isPending}>
              Create my account and join
            </Button>
          </Stack>
        </form>
      )}
    </FullPageMessage>
  );
}
