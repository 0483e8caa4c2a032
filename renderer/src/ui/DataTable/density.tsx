/**
 * Row density, one choice for every list: comfortable (Mantine's spacing) or compact (tighter rows, smaller text)
 * for people who want more rows on screen. It is a layout preference, not a secret, so it is kept per user in this
 * browser's storage (as the contacts' column choice is), in a jotai atom every table and the activity feed read:
 * changing it in one toolbar changes every list at once.
 */
import { SegmentedControl, type TableProps } from '@mantine/core';
import { useAtom } from 'jotai';
import { useOutletContext } from 'react-router';
import { perUserPreference, preferenceKey } from '../preferences';

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

const DENSITY_LABELS: Record<Density, string> = { comfortable: 'Comfortable', compact: 'Compact' };

/** How a table draws each density; comfortable is Mantine's own spacing. */
export const DENSITY_TABLE_PROPS: Record<Density, Pick<TableProps, 'verticalSpacing' | 'fz'>> = {
  comfortable: {},
  compact: { verticalSpacing: 2, fz: 'xs' },
};

/** Every list of the same user shares the one choice. */
const densityAtom = perUserPreference<Density>('density', 'comfortable');

export function densityStorageKey(userId: number | null): string {
  return preferenceKey('density', userId);
}

/**
 * The signed-in user's id, from what the shell hands its screens (app/context.ts `ShellContext`). Read by its shape
 * so the kit does not depend on the shell; outside the shell (tests, public pages) the choice is not per user.
 */
export function useSignedInUserId(): number | null {
  const shell = useOutletContext<{ user?: { id?: number } } | null | undefined>();
  return shell?.user?.id ?? null;
}

/** The person's row density and the way to change it (remembered for them in this browser). */
export function useDensity(): [Density, (density: Density) => void] {
  const [stored, setDensity] = useAtom(densityAtom(useSignedInUserId()));
  // A damaged or outdated stored value reads as the default.
  const density = DENSITIES.includes(stored) ? stored : 'comfortable';
  return [density, setDensity];
}

/** The toolbar's density choice: a segmented control named for the list it changes. */
export function DensityControl({ label = 'Row density' }: { label?: string }) {
  const [density, setDensity] = useDensity();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      value={density}
      onChange={(value) => setDensity(value as Density)}
      data={DENSITIES.map((value) => ({ value, label: DENSITY_LABELS[value] }))}
    />
  );
}
