/** A moment as the screens write it: "Nov 24, 2026 3:02 PM" (§9 formats) in a time zone. */
import { DATE_FORMATS } from '@shared/domain/time';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Date and time in `tz`; blank for no time or one that is not a date. */
export function formatWhen(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.tz(tz).format(`${DATE_FORMATS.monthDayYear} ${DATE_FORMATS.time}`) : '';
}
