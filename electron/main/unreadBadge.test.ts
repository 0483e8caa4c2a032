import { describe, expect, it } from 'vitest';
import { type Bitmap, badgeLabel, drawBadge, UnreadBadge } from './unreadBadge';

describe('the badge label', () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [9.7, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%s unread → %s', (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });
});

/** The BGRA pixel at (x, y). */
const pixel = (bitmap: Bitmap, x: number, y: number) => [
  ...bitmap.buffer.subarray((y * bitmap.width + x) * 4, (y * bitmap.width + x) * 4 + 4),
];
const WHITE = [0xff, 0xff, 0xff, 0xff];
const RED = [0x31, 0x31, 0xe0, 0xff];

describe('the drawn overlay', () => {
  it('is a red disc on a transparent square, with white text in the middle', () => {
    const badge = drawBadge('8');
    expect(badge.buffer.length).toBe(32 * 32 * 4);
    expect(pixel(badge, 0, 0)[3]).toBe(0); // corner: outside the disc
    expect(pixel(badge, 16, 2)).toEqual(RED); // top of the disc, above the text
    // "8" at 4 px per font pixel, centred: its middle bar's row is white, the holes beside it red.
    expect(pixel(badge, 16, 16)).toEqual(WHITE);
    expect(pixel(badge, 16, 12)).toEqual(RED);
  });

  it('draws different counts differently, and "9+" fits inside the disc', () => {
    expect(drawBadge('1').buffer.equals(drawBadge('7').buffer)).toBe(false);
    const wide = drawBadge('9+');
    const whiteColumns = new Set<number>();
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 32; x++)
        if (pixel(wide, x, y).every((value) => value === 0xff)) whiteColumns.add(x);
    expect(Math.min(...whiteColumns)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...whiteColumns)).toBeLessThanOrEqual(27);
  });
});

function targets(platform: NodeJS.Platform) {
  const badgeCounts: number[] = [];
  const overlays: { label: string; drawn: boolean }[] = [];
  const badge = new UnreadBadge({
    platform,
    setBadgeCount: (count) => badgeCounts.push(count),
    setOverlayIcon: (bitmap, description) => overlays.push({ label: description, drawn: bitmap !== null }),
  });
  return { badge, badgeCounts, overlays };
}

describe('showing the unread count', () => {
  it('macOS and Linux: the dock or launcher badge count', () => {
    const { badge, badgeCounts, overlays } = targets('darwin');
    badge.set(3);
    badge.set(0);
    expect(badgeCounts).toEqual([3, 0]);
    expect(overlays).toEqual([]);
  });

  it('Windows: an overlay icon described as "N unread", cleared at zero, redrawn only on change', () => {
    const { badge, badgeCounts, overlays } = targets('win32');
    badge.set(0);
    badge.set(2);
    badge.set(2);
    badge.set(14);
    badge.set(0);
    expect(badgeCounts).toEqual([]);
    expect(overlays).toEqual([
      { label: '2 unread', drawn: true },
      { label: '14 unread', drawn: true },
      { label: '', drawn: false },
    ]);
  });
});
