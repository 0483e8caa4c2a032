/**
 * The signed-in frame: a navigation landmark with the areas the role may use, the company switcher, the
 * connection state (offline banner with the age of what is shown) and the user menu.
 */
import { Alert, AppShell, Burger, Button, Group, Menu, Select, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@shared/api/auth';
import { roleCan } from '@shared/domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useConnection } from '../api/connection';
import { keys } from '../api/keys';
import { adminSessionAtom } from '../api/session';
import { returnToOwnAccount } from '../features/admin/impersonation';
import { EmailVerificationNotice } from '../features/auth/EmailVerificationNotice';
import { signOut } from '../features/auth/signIn';
import { DeferredPastDueBanner } from '../features/billing/DeferredPastDueBanner';
import { platform } from '../platform';
import { ConnectionBadge } from './ConnectionBadge';
import { MainNavigation, NAVBAR_LAYOUT } from './MainNavigation';
import { visibleNavItems } from './navigation';
import { usePrefetchScreens } from './prefetch';
import { RealtimeBridge } from './RealtimeBridge';
import { mayTakeCalls, roleLabel } from './roleInCompany';
import { DeferredAlertEvents, DeferredInboxEvents, DeferredPhone } from './shellParts';
import { KeyboardShortcuts } from './shortcuts';
import { useInboxUnreadCount, useOpenAlertCount } from './unreadCount';
import { useSelectedCompany } from './useCompany';
import { PHONE_DOCK_WIDTH, usePhoneDockExpanded } from './workspaceLayout';

function age(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'} ago`;
}

export function Shell({ user }: { user: User }) {
  const [opened, { toggle }] = useDisclosure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { company, companies, select } = useSelectedCompany(user);
  const connection = useConnection();
  const adminSession = useAtomValue(adminSessionAtom);
  const updatedAt = queryClient.getQueryState(keys.currentUser())?.dataUpdatedAt ?? 0;
  const role = company?.role ?? null;
  const items = visibleNavItems(role);
  const inboxUnread = useInboxUnreadCount(company?.id ?? null);
  const watchesAlerts = roleCan(role, 'reports.view');
  const openAlerts = useOpenAlertCount(watchesAlerts ? (company?.id ?? null) : null);
  // Once the shell has rendered, fetch the screens its navigation leads to while the browser is idle.
  const paths = items.map((item) => item.to);
  usePrefetchScreens(paths);
  // The phone panel is for the people who take calls with a calling line (roleInCompany.ts).
  const phone = company && mayTakeCalls(user, company) ? { userId: user.id, companyId: company.id } : null;
  // The phone's column follows its dock: the full panel, or the slim bar (workspaceLayout.ts).
  const phoneExpanded = usePhoneDockExpanded(user?.id ?? 0);

  // A notification clicked or a tel:/sms: link opened: go where it points.
  useEffect(() => platform().onNavigate((route) => navigate(route)), [navigate]);
  // The tray's Sign out does what the user menu's does.
  useEffect(
    () =>
      platform().onSignOutRequested(async () => {
        await signOut();
        navigate('/sign-in', { replace: true });
      }),
    [navigate],
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ ...NAVBAR_LAYOUT, collapsed: { mobile: !opened } }}
      aside={
        phone
          ? {
              width: phoneExpanded ? PHONE_DOCK_WIDTH.expanded : PHONE_DOCK_WIDTH.collapsed,
              breakpoint: 'md',
              collapsed: { mobile: true },
            }
          : undefined
      }
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Text fw={700} c="var(--mantine-color-anchor)" component={Link} to="/">
              Switchboard
            </Text>
            {companies.length > 1 ? (
              <Select
                aria-label="Company"
                data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
                value={company ? String(company.id) : null}
                onChange={(value) => {
                  if (!value) return;
                  select(Number(value));
                  void queryClient.invalidateQueries({
                    predicate: (query) => query.queryKey[0] !== 'User' || query.queryKey[1] !== 'me',
                  });
                }}
                allowDeselect={false}
                searchable
                w={220}
              />
            ) : (
              <Text fw={500} aria-label="Company">
                {company?.name ?? 'No company'}
              </Text>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConnectionBadge />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton aria-label="User menu">
                  <Text size="sm" fw={500}>
                    {user?.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {roleLabel(user, company)}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/profile">
                  Profile
                </Menu.Item>
                <Menu.Item
                  color="red"
                  onClick={async () => {
                    await signOut();
                    navigate('/sign-in', { replace: true });
                  }}
                >
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <MainNavigation
          items={items}
          unread={{ '/inbox': inboxUnread }}
          counts={{ '/alerts': { count: openAlerts, noun: 'open' } }}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        {user && <RealtimeBridge userId={user.id} companyId={company?.id ?? null} />}
        {user && company && roleCan(role, 'inbox.use') && (
          <DeferredInboxEvents key={company.id} companyId={company.id} userId={user.id} />
        )}
        {company && watchesAlerts && <DeferredAlertEvents key={company.id} companyId={company.id} />}
        <EmailVerificationNotice user={user} />
        {company && (
          <DeferredPastDueBanner
            key={`billing-${company.id}`}
            companyId={company.id}
            canManage={roleCan(role, 'billing.manage')}
          />
        )}
        {adminSession && user && (
          <Alert color="blue" mb="md" title={`Signed in as ${user.name} by an administrator`}>
            <Group justify="space-between">
              <Text size="sm">Everything you do now is recorded as done by you on their behalf.</Text>
              <Button
                size="xs"
                onClick={async () => {
                  await returnToOwnAccount();
                  navigate('/', { replace: true });
                }}
              >
                Return to my account
              </Button>
            </Group>
          </Alert>
        )}
        {!connection.online && (
          <Alert color="yellow" mb="md" title="You are offline">
            Showing what was loaded {updatedAt ? age(Date.now() - updatedAt) : 'earlier'}. Changes you make
            are kept and sent when the connection is back.
          </Alert>
        )}
        <Outlet context={{ user, company }} />
        <KeyboardShortcuts paths={paths} phone={Boolean(phone)} />
      </AppShell.Main>
      {phone && (
        <AppShell.Aside p="sm" style={{ overflowY: 'auto' }} aria-label="Phone">
          {/* One softphone per signed-in user and company; the panel is always mounted, so a ring reaches
              any screen. Its code loads beside the shell's (shellParts.tsx), a skeleton holding its place. */}
          <DeferredPhone {...phone} />
        </AppShell.Aside>
      )}
    </AppShell>
  );
}
