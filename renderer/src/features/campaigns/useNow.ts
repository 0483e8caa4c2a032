/**
 * The time, moving on every `everyMs` while mounted: what the campaign screens judge against (§4's display state
 * of a scheduled campaign whose time arrives, a delivery time that has passed).
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
