/** Flash messages (toasts) (§4, §9). */
import { codes } from './codes';

/** §4 "Flash message types: neutral, success, warn, danger, loading." */
export const FLASH_TYPES = codes([
  { value: 'neutral', label: 'Notice' },
  { value: 'success', label: 'Success' },
  { value: 'warn', label: 'Warning' },
  { value: 'danger', label: 'Error' },
  { value: 'loading', label: 'Working…' },
]);
export type FlashType = (typeof FLASH_TYPES)[number]['value'];
