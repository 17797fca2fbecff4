import { Anchor, List, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { SettingsForm } from './SettingsForm';
import type { SiteSettings } from './use-settings';

/**
 * The site's two-factor requirement (issue 38 item 1, `PUT /v1/site/two-factor`): the switch
 * and what it does to the team, in the API's terms (the credential guard refuses a member
 * without it on this site with 403 `two_factor_required` from their next request).
 */
export function TwoFactorSection({ siteId, settings }: { siteId: number; settings: SiteSettings }) {
  const [required, setRequired] = useState(settings.two_factor.required);
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { required: boolean }) => unwrap(api.PUT('/v1/site/two-factor', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['site-settings', siteId] }),
  });
  const without = settings.two_factor.members_without;
  return (
    <SettingsForm
      title="Two-factor sign-in"
      description="Ask every member of this site for a code from an authenticator app (or a recovery code) after their password."
      save={save}
      fields={['required']}
      value={() => ({ required })}
    >
      {(errors) => (
        <>
          <Switch
            label="Require two-factor sign-in of everyone on this site"
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
            error={errors.required}
          />
          <List size="sm" spacing={4}>
            <List.Item>
              You turn it on for your own account first, on{' '}
              <Anchor href="/app/account">your account page</Anchor>, so you are not shut out.
            </List.Item>
            <List.Item>
              While it is required, a member without it cannot open or change anything on this site
              until they turn it on on their account page; their other sites are not affected.
            </List.Item>
            <List.Item>
              API keys keep working (they are not people); connected apps keep their access, as
              their sign-in already asks the second factor of anyone who has one.
            </List.Item>
          </List>
          <Text size="sm">
            {without === 0
              ? 'Every member of this site has two-factor sign-in on.'
              : `${without} ${without === 1 ? 'member has' : 'members have'} two-factor sign-in off${
                  settings.two_factor.required ? ' and cannot work on this site now' : ''
                }.`}
          </Text>
        </>
      )}
    </SettingsForm>
  );
}
