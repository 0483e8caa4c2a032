/**
 * The feed itself: an ARIA feed of articles over the loaded pages, virtualised (TanStack Virtual, rows measured as
 * they render, since a transcript makes a row taller), asking for the next page as the end comes near. Page Down
 * and Page Up move between rows, as the feed pattern has it; Tab walks through each row and its player. Rows are
 * as dense as the person chose for every list (ui/DataTable/density.tsx).
 */
import { Box, Center, Loader, Paper, Text } from '@mantine/core';
import type { ActivityRow } from '@shared/api/activity';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Density, useDensity } from '../../ui/DataTable/density';
import { ActivityItem } from './ActivityItem';
import { rowKey, shouldLoadMore, withPinned } from './feedModel';
import { itemCount, rowSummary } from './format';

/** A row's likely height before it is measured, the space between rows and the padding inside one. */
const ROW_LOOK: Record<Density, { estimatedHeight: number; gap: number; padding: string | number }> = {
  comfortable: { estimatedHeight: 96, gap: 8, padding: 'sm' },
  compact: { estimatedHeight: 64, gap: 4, padding: 6 },
};

export function ActivityFeed({
  rows,
  total,
  totalIsEstimate,
  tz,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onVoicemailLinkExpired,
}: {
  rows: readonly ActivityRow[];
  total: number;
  /** The total is the server's estimate (a busy feed past the rows it counts exactly). */
  totalIsEstimate: boolean;
  tz: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  onVoicemailLinkExpired: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const keys = useMemo(() => rows.map(rowKey), [rows]);
  const [density] = useDensity();
  const look = ROW_LOOK[density];

  // Rows being listened to, or with a transcript open, stay mounted when they scroll out of view.
  const [pinned, setPinned] = useState<ReadonlySet<string>>(() => new Set());
  const setPin = useCallback((key: string, active: boolean) => {
    setPinned((previous) => {
      if (previous.has(key) === active) return previous;
      const next = new Set(previous);
      if (active) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const pinnedIndexes = useMemo(
    () => keys.flatMap((key, index) => (pinned.has(key) ? [index] : [])),
    [keys, pinned],
  );
  const rangeExtractor = useCallback(
    (range: Range) => withPinned(defaultRangeExtractor(range), pinnedIndexes, range.count),
    [pinnedIndexes],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => look.estimatedHeight + look.gap,
    getItemKey: (index) => keys[index] ?? index,
    rangeExtractor,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const lastVisibleIndex = range?.endIndex ?? 0;
  useEffect(() => {
    if (shouldLoadMore({ lastVisibleIndex, loaded: rows.length, hasNextPage, fetching: isFetchingNextPage }))
      void fetchNextPage();
  }, [lastVisibleIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** Scrolls a row into view and focuses it once it has rendered. */
  const focusRow = (index: number) => {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    const tryFocus = () => {
      const article = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (article) article.focus();
      else if (++frames < 10) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const article = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!article) return;
    event.preventDefault();
    const index = Number(article.dataset.index);
    const next = Math.max(0, Math.min(rows.length - 1, index + (event.key === 'PageDown' ? 1 : -1)));
    focusRow(next);
  };

  return (
    <Box
      ref={scrollRef}
      role="feed"
      aria-label="Activity"
      aria-busy={isFetchingNextPage}
      onKeyDown={onKeyDown}
      style={{ flex: 1, minHeight: 320, overflowY: 'auto', paddingRight: 4 }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index] as ActivityRow;
          const key = keys[item.index] as string;
          return (
            <article
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA feed pattern moves focus between articles (Page Down / Page Up); rows without a player must be reachable too.
              tabIndex={0}
              aria-posinset={item.index + 1}
              // -1: the size is not known (ARIA), when the server only estimated it.
              aria-setsize={totalIsEstimate ? -1 : total}
              aria-label={rowSummary(row, tz)}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
                paddingBottom: look.gap,
              }}
            >
              <Paper withBorder p={look.padding}>
                <ActivityItem
                  row={row}
                  tz={tz}
                  compact={density === 'compact'}
                  onActiveChange={(active) => setPin(key, active)}
                  onVoicemailLinkExpired={onVoicemailLinkExpired}
                />
              </Paper>
            </article>
          );
        })}
      </div>
      {isFetchingNextPage ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading more activity" />
        </Center>
      ) : (
        !hasNextPage && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {itemCount(total, totalIsEstimate)}: that is everything that matches.
          </Text>
        )
      )}
    </Box>
  );
}
