import { Select, Switch, Table, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SettingsForm } from './SettingsForm';
import {
  useCommentSettings,
  useCommentSettingsSave,
  useInterfaceTexts,
  useInterfaceTextsSave,
  useSynonyms,
  useSynonymsSave,
  synonymGroups,
  synonymLines,
  type SiteSettings,
} from './use-settings';

/** Comment settings, the reader site's interface texts and search synonyms per language. */
export function TextSections({ siteId, settings }: { siteId: number; settings: SiteSettings }) {
  return (
    <>
      <CommentSection siteId={siteId} />
      <InterfaceTextsSection siteId={siteId} settings={settings} />
      <SynonymsSection siteId={siteId} settings={settings} />
    </>
  );
}

function CommentSection({ siteId }: { siteId: number }) {
  const current = useCommentSettings(siteId);
  const save = useCommentSettingsSave(siteId);
  const [moderate, setModerate] = useState(true);
  useEffect(() => {
    if (current.data) setModerate(current.data.moderate);
  }, [current.data]);
  return (
    <SettingsForm title="Comments" save={save} fields={['moderate']} value={() => moderate}>
      {(errors) => (
        <Switch
          label="Reader comments wait for approval"
          description="Off: reader comments are published at once."
          checked={moderate}
          onChange={(e) => setModerate(e.currentTarget.checked)}
          error={errors.moderate}
        />
      )}
    </SettingsForm>
  );
}

function InterfaceTextsSection({ siteId, settings }: { siteId: number; settings: SiteSettings }) {
  const [lang, setLang] = useState(settings.default_language);
  const texts = useInterfaceTexts(siteId, lang);
  const save = useInterfaceTextsSave(siteId, lang);
  const [edits, setEdits] = useState<Record<string, string>>({});
  useEffect(() => setEdits({}), [lang, texts.data]);
  const own = (key: string) => {
    const item = texts.data?.translations.find((t) => t.key === key);
    return item?.overridden ? item.text : '';
  };
  return (
    <SettingsForm
      title="Interface texts"
      description="Override the reader site’s own words per language; an empty field restores the default."
      save={save}
      fields={Object.keys(edits).map((k) => `texts.${k}`)}
      value={() =>
        Object.fromEntries(Object.entries(edits).map(([k, v]) => [k, v.trim() ? v : null]))
      }
    >
      {(errors) => (
        <>
          <Select
            label="Language"
            data={settings.languages}
            value={lang}
            onChange={(v) => v && setLang(v)}
            allowDeselect={false}
            w={200}
          />
          <Table.ScrollContainer minWidth={500}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>Override</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {texts.data?.translations.map((t) => (
                  <Table.Tr key={t.key}>
                    <Table.Td>
                      <code>{t.key}</code>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Text for ${t.key}`}
                        placeholder={t.default}
                        value={edits[t.key] ?? own(t.key)}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setEdits((prev) => ({ ...prev, [t.key]: value }));
                        }}
                        error={errors[`texts.${t.key}`]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </SettingsForm>
  );
}

/** Search synonyms (issue 40): words a search treats as the same, a group a line. */
function SynonymsSection({ siteId, settings }: { siteId: number; settings: SiteSettings }) {
  const [lang, setLang] = useState(settings.default_language);
  const groups = useSynonyms(siteId, lang);
  const save = useSynonymsSave(siteId, lang);
  const [text, setText] = useState('');
  useEffect(() => setText(synonymLines(groups.data?.groups ?? [])), [groups.data]);
  return (
    <SettingsForm
      title="Search synonyms"
      description="Words a search treats as the same: one group a line, its words separated by commas (for example: invoice, bill, receipt)."
      save={save}
      fields={['groups', 'lang']}
      value={() => synonymGroups(text)}
    >
      {(errors) => (
        <>
          <Select
            label="Language"
            data={settings.languages}
            value={lang}
            onChange={(v) => v && setLang(v)}
            allowDeselect={false}
            w={200}
            error={errors.lang}
          />
          <Textarea
            label={`Synonym groups (${lang})`}
            autosize
            minRows={3}
            maxRows={12}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.groups}
          />
        </>
      )}
    </SettingsForm>
  );
}
