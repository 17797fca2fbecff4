import { PasswordInput, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SettingsForm } from './SettingsForm';
import { saveAllowlist, saveVisibility, useSettingsSave, type SiteSettings } from './use-settings';

const VISIBILITIES: { value: SiteSettings['visibility']; label: string; description: string }[] = [
  { value: 'public', label: 'Public', description: 'Anyone can read the site.' },
  { value: 'private', label: 'Private', description: 'Only team members who sign in.' },
  { value: 'password', label: 'Password', description: 'Readers enter the site’s password.' },
];

/** Who may read the site: visibility with its password, and (apart) the IP allow-list. */
export function AccessSections({ siteId, settings }: { siteId: number; settings: SiteSettings }) {
  const [visibility, setVisibility] = useState(settings.visibility);
  const [password, setPassword] = useState('');
  const [allowlist, setAllowlist] = useState(settings.ip_allowlist.join('\n'));
  const saveAccess = useSettingsSave(siteId, saveVisibility);
  const saveList = useSettingsSave(siteId, saveAllowlist);
  return (
    <>
      <SettingsForm
        title="Visibility"
        description="Webhooks receive site.updated when the visibility changes."
        save={saveAccess}
        fields={['visibility', 'password']}
        value={() => ({ visibility, password: password || null })}
      >
        {(errors) => (
          <>
            <Radio.Group
              label="Who can read the site"
              value={visibility}
              onChange={(v) => setVisibility(v as SiteSettings['visibility'])}
              error={errors.visibility}
            >
              <Stack gap="xs" mt="xs">
                {VISIBILITIES.map((v) => (
                  <Radio
                    key={v.value}
                    value={v.value}
                    label={v.label}
                    description={v.description}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {visibility === 'password' && (
              <PasswordInput
                label={settings.password_set ? 'New password (optional)' : 'Password'}
                description="A new password signs out the readers who used the old one."
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                autoComplete="new-password"
              />
            )}
          </>
        )}
      </SettingsForm>
      <SettingsForm
        title="IP allow-list"
        description="Only these addresses may read the site; empty lets everyone in. Webhooks receive site.updated when the list changes."
        save={saveList}
        fields={['ip_allowlist']}
        value={() =>
          allowlist
            .split(/[\n,]/)
            .map((s) => s.trim())
            .filter(Boolean)
        }
      >
        {(errors) => (
          <Textarea
            label="Addresses or CIDR ranges, one a line"
            placeholder="203.0.113.0/24"
            autosize
            minRows={3}
            value={allowlist}
            onChange={(e) => setAllowlist(e.currentTarget.value)}
            error={errors.ip_allowlist}
          />
        )}
      </SettingsForm>
    </>
  );
}
