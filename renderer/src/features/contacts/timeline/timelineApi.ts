/**
 * A person's activity for their timeline: the company's activity feed (§7) narrowed to the contact, a page at a
 * time as the timeline scrolls. Its key carries the feed's data tag, so whatever refreshes the feed refreshes it.
 */
import { ACTIVITY_ENDPOINTS } from '@shared/api/activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api';
import { TIMELINE_KINDS } from './timelineModel';

/** Activity rows per page of a timeline. */
export const TIMELINE_PER_PAGE = 20;

export const timelineKeys = {
  contact: (companyId: number, contactId: number, tz: string) =>
    ['AnalyticsActivity', 'contact-timeline', companyId, contactId, tz] as const,
};

export function useContactActivity(companyId: number, contactId: number, tz: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: timelineKeys.contact(companyId, contactId, tz),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        ACTIVITY_ENDPOINTS.list,
        {
          query: { companyId },
          body: {
            page: pageParam,
            perPage: TIMELINE_PER_PAGE,
            tz,
            filters: { contact: contactId },
            ...TIMELINE_KINDS,
          },
        },
        // The timeline says so in place when the feed is refused; no toast as well.
        { signal, silent: true },
      ),
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: enabled && companyId > 0,
  });
}
