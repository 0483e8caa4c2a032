/**
 * An area's own navigation strip: one main navigation entry leads to an area (numbers and routing, call tracking),
 * and each screen of the area shows this strip above its title, so the main navigation stays short. A tab shows
 * only to roles that may open its screen; the current one is marked for screen readers too (`aria-current`), and
 * hovering or focusing a tab loads its screen ahead.
 */
import { Button, Group } from '@mantine/core';
import { type Permission, roleCan } from '@shared/domain/permissions';
import { Link, useLocation } from 'react-router';
import { useShell } from './context';
import { preloadPath } from './prefetch';

export interface AreaTab {
  label: string;
  to: string;
  permission: Permission;
}

export function AreaTabs({
  label,
  tabs,
  currentOf = (pathname) => tabs.find((tab) => tab.to === pathname)?.to ?? null,
}: {
  /** The strip's accessible name (the area's). */
  label: string;
  tabs: readonly AreaTab[];
  /** Which tab a path belongs to; by default the tab whose path it is. */
  currentOf?: (pathname: string) => string | null;
}) {
  const { company } = useShell();
  const { pathname } = useLocation();
  const current = currentOf(pathname);
  return (
    <nav aria-label={label}>
      <Group gap={4} wrap="wrap">
        {tabs
          .filter((tab) => roleCan(company?.role, tab.permission))
          .map((tab) => {
            const here = current === tab.to;
            return (
              <Button
                key={tab.to}
                component={Link}
                to={tab.to}
                size="compact-sm"
                variant={here ? 'light' : 'subtle'}
                color={here ? undefined : 'gray'}
                aria-current={here ? 'page' : undefined}
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
