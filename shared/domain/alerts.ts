/** Monitoring alerts (§3). */
import { codes } from './codes';

/** §3 "Alert close reasons: not-relevant, already-aware, duplicate, other." */
export const ALERT_CLOSE_REASONS = codes([
  { value: 'not-relevant', label: 'Not relevant' },
  { value: 'already-aware', label: 'Already aware' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'other', label: 'Other' },
]);
export type AlertCloseReason = (typeof ALERT_CLOSE_REASONS)[number]['value'];
