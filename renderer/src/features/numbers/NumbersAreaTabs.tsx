/**
 * The numbers-and-routing area's own navigation: one main navigation entry (Numbers) leads to every screen that
 * configures numbers, so the main navigation stays short. Each screen of the area shows this strip above its title;
 * a tab shows only to roles that may open its screen, and the current one is marked for screen readers too.
 */
import { Button, Group } from '@mantine/core';
import { type Permission, roleCan } from '@shared/domain/permissions';
import { Link, useLocation } from 'react-router';
import { useShell } from '../../app/context';
import { preloadPath } from '../../app/prefetch';

interface AreaTab {
  label: string;
  to: string;
  permission: Permission;
}

export const NUMBERS_AREA_TABS: readonly AreaTab[] = [
  { label: 'Numbers', to: '/numbers', permission: 'numbers.view' },
  { label: 'Templates', to: '/numbers/templates', permission: 'numbers.view' },
  { label: 'Forwarding numbers', to: '/numbers/forwarding', permission: 'numbers.view' },
  { label: 'Schedule', to: '/schedule', permission: 'numbers.view' },
  { label: 'Greetings', to: '/greetings', permission: 'numbers.view' },
  { label: 'Blocks', to: '/blocks', permission: 'inbox.use' },
  { label: 'Ports', to: '/numbers/ports', permission: 'numbers.view' },
  { label: 'Marketplace', to: '/numbers/marketplace', permission: 'numbers.view' },
];

export function NumbersAreaTabs() {
  const { company } = useShell();
  const { pathname } = useLocation();
  const tabs = NUMBERS_AREA_TABS.filter((tab) => roleCan(company?.role, tab.permission));
  return (
    <nav aria-label="Numbers and routing">
      <Group gap={4} wrap="wrap">
        {tabs.map((tab) => {
          const current = pathname === tab.to;
          return (
            <Button
              key={tab.to}
              component={Link}
              to={tab.to}
              size="compact-sm"
              variant={current ? 'light' : 'subtle'}
              color={current ? undefined : 'gray'}
              aria-current={current ? 'page' : undefined}
              onMouseEnter={() => preloadPath(tab.to)}
              onFocus={() => preloadPath(tab.to)}
            >
              {tab.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
