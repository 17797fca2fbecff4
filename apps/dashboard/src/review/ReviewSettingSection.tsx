import { List, Switch } from '@mantine/core';
import { useState } from 'react';
import { SettingsForm } from '../settings/SettingsForm';
import { useReviewSetting, useSetReviewSetting } from './use-reviews';

/**
 * Site settings: "require approval before publishing in the dashboard" (issue 39 item 7),
 * Owners and Admins (`PUT /v1/review-settings`).
 */
export function ReviewSettingSection({ siteId }: { siteId: number }) {
  const setting = useReviewSetting(siteId);
  if (!setting.data) return null;
  return <ReviewSettingForm siteId={siteId} required={setting.data.require_approval} />;
}

function ReviewSettingForm({ siteId, required }: { siteId: number; required: boolean }) {
  const [value, setValue] = useState(required);
  const save = useSetReviewSetting(siteId);
  return (
    <SettingsForm
      title="Review before publishing"
      description="Editors and Translators ask a reviewer before their changes go live."
      save={save}
      fields={['require_approval']}
      value={() => ({ require_approval: value })}
    >
      {(errors) => (
        <>
          <Switch
            label="Require an approved review before publishing in the dashboard"
            checked={value}
            onChange={(e) => setValue(e.currentTarget.checked)}
            error={errors.require_approval}
          />
          <List size="sm" spacing={4}>
            <List.Item>
              Publishing staged changes or a draft waits for an approval of exactly those changes;
              an edit after the approval needs a new review.
            </List.Item>
            <List.Item>Owners and Admins approve, and publish without a review.</List.Item>
            <List.Item>
              API keys and connected apps keep publishing as before: the requirement applies to
              people in the dashboard.
            </List.Item>
          </List>
        </>
      )}
    </SettingsForm>
  );
}
