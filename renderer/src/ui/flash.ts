/**
 * Flash messages (§4 types neutral, success, warn, danger, loading; §9 auto-hide 5000 ms, centre by default)
 * through Mantine notifications. Errors stay 10 s (§8), billing failures 30 s.
 */

import { notifications } from '@mantine/notifications';
import type { FlashType } from '@shared/domain/flash';
import { DELAYS_MS } from '@shared/domain/limits';

const COLORS: Record<FlashType, string> = {
  neutral: 'gray',
  success: 'green',
  warn: 'yellow',
  danger: 'red',
  loading: 'blue',
};

export function flash(
  type: FlashType,
  message: string,
  options: { title?: string; autoCloseMs?: number; id?: string } = {},
) {
  // An id means one such message at a time, the latest wins: Mantine ignores a show whose id is already shown, so
  // the earlier one is taken down first — a second change queued offline says so again, for its full time, instead
  // of leaving the first change's message to close under it.
  if (options.id) notifications.hide(options.id);
  notifications.show({
    id: options.id,
    color: COLORS[type],
    title: options.title,
    message,
    loading: type === 'loading',
    autoClose:
      type === 'loading'
        ? false
        : (options.autoCloseMs ?? (type === 'danger' ? DELAYS_MS.errorToast : DELAYS_MS.flashAutoHide)),
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close message' },
  });
}
