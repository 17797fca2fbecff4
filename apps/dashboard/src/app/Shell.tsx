import {
  ActionIcon,
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  Select,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArticle,
  IconHistory,
  IconHome,
  IconPalette,
  IconPhoto,
  IconFileExport,
  IconCategory,
  IconChecklist,
  IconChartLine,
  IconLanguage,
  IconKey,
  IconLogout,
  IconMessages,
  IconMoon,
  IconSearch,
  IconSettings,
  IconSun,
  IconTrash,
  IconUserCircle,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { getRouteApi, Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { api } from '../api/client';
import { CommandPalette, openPalette } from '../palette/CommandPalette';
import { permissions, useSession } from './session';

const siteRoute = getRouteApi('/sites/$siteId');

const SECTIONS = [
  { to: '/sites/$siteId', label: 'Home', icon: IconHome },
  { to: '/sites/$siteId/articles', label: 'Articles', icon: IconArticle },
  { to: '/sites/$siteId/categories', label: 'Categories', icon: IconCategory },
  { to: '/sites/$siteId/translations', label: 'Translations', icon: IconLanguage },
  { to: '/sites/$siteId/trash', label: 'Trash', icon: IconTrash },
  { to: '/sites/$siteId/images', label: 'Images', icon: IconPhoto },
  { to: '/sites/$siteId/export', label: 'Export', icon: IconFileExport },
  { to: '/sites/$siteId/moderation', label: 'Comments', icon: IconMessages },
  { to: '/sites/$siteId/reviews', label: 'Reviews', icon: IconChecklist },
  // Issue 39: every role (the session holds analytics.read whatever the role).
  { to: '/sites/$siteId/analytics', label: 'Analytics', icon: IconChartLine },
  // Issue 39: Owners, Admins and Editors (spec 5.2); /design/<draft id> is the same screen.
  { to: '/sites/$siteId/customizer', label: 'Design', icon: IconPalette, design: true },
  // Issue 38: Owners and Admins only (the API refuses the others too).
  { to: '/sites/$siteId/team', label: 'Team', icon: IconUsers, admin: true },
  { to: '/sites/$siteId/keys', label: 'API keys', icon: IconKey, admin: true },
  { to: '/sites/$siteId/webhooks', label: 'Webhooks', icon: IconWebhook, admin: true },
  { to: '/sites/$siteId/settings', label: 'Settings', icon: IconSettings, admin: true },
  { to: '/sites/$siteId/audit', label: 'Audit log', icon: IconHistory, admin: true },
] as const;

/** Whether `path` is in the section at `to` (Home only at the site's own address). */
function inSection(path: string, to: string) {
  const rest = to.split('$siteId')[1];
  if (rest === '/customizer' && path.includes('/design/')) return true;
  return rest ? path.includes(rest) : /^(\/app)?\/sites\/[^/]+\/?$/.test(path);
}

async function signOut() {
  await api.POST('/v1/session/signout').catch(() => undefined);
  location.assign('/signin');
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to the ${next} theme`}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Switch to the ${next} theme`}
        onClick={() => setColorScheme(next)}
      >
        {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** The frame around every screen of a site: sections, site switcher, search, theme, account. */
export function Shell() {
  const session = useSession();
  const { site } = siteRoute.useRouteContext();
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [opened, { toggle, close }] = useDisclosure();

  const switchSite = (id: string | null) => {
    if (!id || id === String(site.id)) return;
    // Same section on the other site (an article or a draft id means nothing there).
    const section = SECTIONS.find((s) => inSection(path, s.to));
    void navigate({ to: section?.to ?? '/sites/$siteId', params: { siteId: id } });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={700} component="span" visibleFrom="xs">
              Help center
            </Text>
            <Select
              aria-label="Site"
              data={session.sites.map((s) => ({ value: String(s.id), label: s.name }))}
              value={String(site.id)}
              onChange={switchSite}
              allowDeselect={false}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              onClick={openPalette}
              aria-label="Search (Ctrl+K)"
              aria-keyshortcuts="Control+K Meta+K"
            >
              <Group
                gap={6}
                px="sm"
                py={6}
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <IconSearch size={16} />
                <Text size="sm" c="dimmed" visibleFrom="sm">
                  Search… Ctrl K
                </Text>
              </Group>
            </UnstyledButton>
            <ThemeToggle />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="Account">
                  <IconUserCircle size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  {session.user.name || session.user.email} · {site.role}
                </Menu.Label>
                <Menu.Item
                  component="a"
                  href="/app/account"
                  leftSection={<IconUserCircle size={16} />}
                >
                  Account and connected apps
                </Menu.Item>
                <Menu.Item onClick={() => void signOut()} leftSection={<IconLogout size={16} />}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        {SECTIONS.filter(
          (s) =>
            (!('admin' in s) || permissions(site).manageTeam) &&
            (!('design' in s) || permissions(site).design),
        ).map((s) => (
          <NavLink
            key={s.to}
            renderRoot={(props) => (
              <Link {...props} to={s.to} params={{ siteId: String(site.id) }} />
            )}
            label={s.label}
            leftSection={<s.icon size={18} />}
            active={inSection(path, s.to)}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <CommandPalette site={site} />
    </AppShell>
  );
}
