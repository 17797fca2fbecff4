import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  List,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ListPager } from '../ui/ListPager';
import { localized } from '../ui/localized';
import { notifyDone, notifyError } from '../ui/notify';
import { PageHeader } from '../ui/PageHeader';
import {
  useDeleteImage,
  useImageLibrary,
  useSaveAlt,
  type AltEdit,
  type InUse,
  type LibraryImage,
} from './use-images';

const route = getRouteApi('/sites/$siteId/images');

const ORIGIN: Record<LibraryImage['origin'], string> = {
  api: 'Uploaded',
  rehost: 'Rehosted',
  editor: 'Editor',
};

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/** The alt of one use, edited in a dialog (saved as the editor saves that article). */
function AltDialog({
  site,
  edit,
  onClose,
}: {
  site: SessionSite;
  edit: AltEdit | null;
  onClose: () => void;
}) {
  const save = useSaveAlt(site);
  const [alt, setAlt] = useState('');
  const [opened, setOpened] = useState<AltEdit | null>(null);
  if (edit !== opened) {
    setOpened(edit);
    setAlt(edit?.alt ?? '');
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!edit) return;
    save.mutate(
      { ...edit, alt: alt.trim() },
      {
        onSuccess: (how) => {
          notifyDone(
            how === 'staged'
              ? 'Alt text saved in the staged changes: publish them in the editor.'
              : 'Alt text saved.',
          );
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal opened={edit !== null} onClose={onClose} title="Edit the alt text">
      {edit && (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">
              In “{edit.use.title}” ({edit.use.lang.toUpperCase()}). Describe what the image shows
              for people who cannot see it; leave it empty for a decorative image.
            </Text>
            <TextInput
              label="Alt text"
              value={alt}
              maxLength={1000}
              onChange={(e) => setAlt(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save alt text
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function Uses({
  siteId,
  image,
  can,
  onEdit,
}: {
  siteId: number;
  image: LibraryImage;
  can: boolean;
  onEdit: (edit: AltEdit) => void;
}) {
  if (!image.used_in.length)
    return (
      <Text size="sm" c="dimmed">
        Not used in any article
      </Text>
    );
  return (
    <List size="sm" spacing={4} listStyleType="none">
      {image.used_in.map((use) => {
        const alt = use.alts[0] ?? '';
        return (
          <List.Item key={`${use.article_id}-${use.lang}`}>
            <Group gap={6} wrap="nowrap">
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/sites/$siteId/articles/$articleId"
                    params={{ siteId: String(siteId), articleId: String(use.article_id) }}
                  />
                )}
              >
                {use.title || `Untitled (${use.article_id})`}
              </Anchor>
              <Badge size="xs" variant="light">
                {use.lang}
              </Badge>
              <Text size="xs" c={alt ? undefined : 'orange.8'}>
                {use.alts.length === 0
                  ? 'linked, not shown'
                  : alt
                    ? `alt: “${alt}”`
                    : 'no alt text'}
              </Text>
              {can && use.alts.length > 0 && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Edit the alt text in ${use.title} (${use.lang})`}
                  onClick={() => onEdit({ url: image.url, use, alt })}
                >
                  Edit alt
                </Button>
              )}
            </Group>
          </List.Item>
        );
      })}
      {image.uses_count > image.used_in.length && (
        <List.Item>
          <Text size="xs" c="dimmed">
            and {image.uses_count - image.used_in.length} more
          </Text>
        </List.Item>
      )}
    </List>
  );
}

/** The image library (issue 39 item 5): every image with where it is used, alt text, delete. */
export function ImagesScreen() {
  const { site } = route.useRouteContext();
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ImageLibrary
      site={site}
      page={page}
      onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
    />
  );
}

/** The library's page (tested without a router). */
export function ImageLibrary({
  site,
  page,
  onPage,
}: {
  site: SessionSite;
  page: number;
  onPage: (page: number) => void;
}) {
  const can = permissions(site).editContent;
  const list = useImageLibrary(site.id, page);
  const remove = useDeleteImage(site.id);
  const [edit, setEdit] = useState<AltEdit | null>(null);
  const rows = list.data?.images ?? [];

  const del = (image: LibraryImage, force: boolean) =>
    remove.mutate(
      { id: image.id, force },
      {
        onSuccess: (inUse) => (inUse ? confirmForce(image, inUse) : notifyDone('Image deleted.')),
        onError: notifyError,
      },
    );
  const confirmForce = (image: LibraryImage, inUse: InUse) =>
    modals.openConfirmModal({
      title: `${image.filename} is still used`,
      children: (
        <Stack gap="xs">
          <Text size="sm">These articles show it; deleted, it becomes a broken image there:</Text>
          <List size="sm">
            {inUse.referencedBy.map((a) => (
              <List.Item key={a.id}>{localized(a.title, site.default_language)}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: 'Delete anyway', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => del(image, true),
    });
  const confirmDelete = (image: LibraryImage) =>
    modals.openConfirmModal({
      title: `Delete ${image.filename}?`,
      children: <Text size="sm">The file is deleted for good.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => del(image, false),
    });

  return (
    <>
      <PageHeader title="Images" />
      {list.isError && <ErrorNotice error={list.error} />}
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="sm" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={96}>Image</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Used in</Table.Th>
              {can && <Table.Th ta="right">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((image) => (
              <Table.Tr key={image.id}>
                <Table.Td>
                  <Image
                    src={image.url}
                    alt={`Thumbnail of ${image.filename}`}
                    w={80}
                    h={60}
                    fit="contain"
                    radius="sm"
                    loading="lazy"
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                    {image.filename}
                  </Text>
                  <Group gap={6}>
                    <Badge size="xs" variant="outline">
                      {ORIGIN[image.origin]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {size(image.size)} · {image.created_at.slice(0, 10)}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Uses siteId={site.id} image={image} can={can} onEdit={setEdit} />
                </Table.Td>
                {can && (
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${image.filename}`}
                      loading={remove.isPending && remove.variables.id === image.id}
                      onClick={() => confirmDelete(image)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No images yet. Add them in the article editor or through the API.
        </Text>
      )}
      <ListPager meta={list.data?.meta} noun="images" onPage={onPage} />
      <AltDialog site={site} edit={edit} onClose={() => setEdit(null)} />
    </>
  );
}
