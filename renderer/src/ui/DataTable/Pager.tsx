/** The pages of a server list: a named navigation landmark around Mantine's Pagination, its arrows named too. */
import { Box, Pagination } from '@mantine/core';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (the server's `last_page` or `total_pages`). */
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The landmark's name ("Pages", "Pages of users"). */
  label?: string;
}

export function Pager({ page, pageCount, onPageChange, label = 'Pages' }: PagerProps) {
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onPageChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Next page' : 'Previous page',
        })}
        withEdges={false}
      />
    </Box>
  );
}

/** The pager of a paged answer (§3 "current_page, last_page"), or none until the answer has come. */
export function pagerOf(
  page: { current_page: number; last_page: number } | undefined,
  onPageChange: (page: number) => void,
  label: string,
): PagerProps | undefined {
  return page ? { page: page.current_page, pageCount: page.last_page, onPageChange, label } : undefined;
}
