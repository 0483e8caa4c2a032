/**
 * The links of the main navigation. From 88em (1408 px) wide they show their names beside their icons; narrower,
 * down to where the burger takes over (48em), they are a rail of icons — each named for screen readers and with
 * its name as the browser's tooltip (a `title`: Mantine's Tooltip would add its code to the first page load) — so
 * the screen beside keeps the room. Hovering or focusing a link fetches its screen.
 */
import { Badge, Indicator, NavLink } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NavLink as RouterNavLink } from 'react-router';
import { Icon, type IconName } from '../ui/icons';
import type { NavItem } from './navigation';
import { preloadPath } from './prefetch';

/** The AppShell's navbar: full width in the burger's overlay and on wide windows, a rail between. */
export const NAVBAR_LAYOUT = { width: { base: 220, sm: 72, xl: 220 }, breakpoint: 'sm' } as const;
const RAIL_QUERY = '(min-width: 48em) and (max-width: 87.99em)';

const ICONS: Record<string, IconName> = {
  '/inbox': 'inbox',
  '/dashboard': 'dashboard',
  '/reports': 'chart',
  '/activity': 'activity',
  '/contacts': 'contact',
  '/groups': 'group',
  '/campaigns': 'megaphone',
  '/numbers': 'phone',
  '/tracking': 'target',
  '/alerts': 'bell',
  '/custom-fields': 'fields',
  '/users': 'badge',
  '/api-keys': 'key',
  '/profile': 'profile',
};

/** A count on a link, said in its name with its noun: "Alerts, 2 open". */
export interface NavCount {
  count: number;
  noun: string;
}

/**
 * `unread`: a count by path, shown on that link (the Inbox's unread conversations) and said in its name;
 * `counts`: the same with a noun of its own (the Alerts' open ones).
 */
export function MainNavigation({
  items,
  unread = {},
  counts = {},
}: {
  items: NavItem[];
  unread?: Partial<Record<string, number>>;
  counts?: Partial<Record<string, NavCount>>;
}) {
  const rail = useMediaQuery(RAIL_QUERY, false, { getInitialValueInEffect: false });
  return items.map((item) => {
    const { count, noun } = counts[item.to] ?? { count: unread[item.to] ?? 0, noun: 'unread' };
    const name = count ? `${item.label}, ${count} ${noun}` : item.label;
    const shownCount = count > 99 ? '99+' : count;
    return (
      <NavLink
        key={item.to}
        component={RouterNavLink}
        to={item.to}
        label={rail ? undefined : item.label}
        title={rail ? name : undefined}
        aria-label={rail || count ? name : undefined}
        leftSection={
          // On the rail the count rides on the icon.
          <Indicator label={shownCount} size={16} disabled={!count || !rail} aria-hidden>
            <Icon name={ICONS[item.to] ?? 'fields'} />
          </Indicator>
        }
        rightSection={
          count && !rail ? (
            <Badge size="sm" variant="filled" circle={count < 10} aria-hidden>
              {shownCount}
            </Badge>
          ) : undefined
        }
        styles={rail ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
        onMouseEnter={() => preloadPath(item.to)}
        onFocus={() => preloadPath(item.to)}
      />
    );
  });
}
