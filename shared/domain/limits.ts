/** §9 Business constants and limits, named. Durations are in milliseconds unless the name says otherwise. */

/** §9 "Campaigns page size 13; events 10; alerts 10; companies slim 100; invitations 1000; conversations 5;
 * organizations 1000; extension suggestions 10; number search limit 1." */
export const PAGE_SIZES = Object.freeze({
  campaigns: 13,
  campaignEvents: 10,
  alerts: 10,
  companiesSlim: 100,
  invitations: 1000,
  conversations: 5,
  organizations: 1000,
  extensionSuggestions: 10,
  numberSearch: 1,
});

/** §9 Retention of cached server data. "current user indefinite" is Infinity. */
export const RETENTION_MS = Object.freeze({
  conversations: 600_000,
  numberSearch: 300_000,
  smsVerification: 180_000,
  dashboard: 15_000,
  timelineEvents: 5_000,
  currentUser: Number.POSITIVE_INFINITY,
  default: 60_000,
});

/** §9 Delays and toast durations. */
export const DELAYS_MS = Object.freeze({
  /** "Flash auto-hide 5000 ms". */
  flashAutoHide: 5_000,
  /** "Error toast 10 s" (§8 400/403/422). */
  errorToast: 10_000,
  /** "billing failure toast 30 s". */
  billingFailureToast: 30_000,
  /** "default wait 5000 ms" before retrying a 429 without Retry-After. */
  rateLimitDefaultWait: 5_000,
  /** "Logout delay 500 ms": the after-logout step runs this long after a 401. */
  logout: 500,
  /** "Batch cleanup 5 s": a finished background batch is removed after this. */
  batchCleanup: 5_000,
  /** "SMS campaign cancel refresh 15 s". */
  smsCampaignCancelRefresh: 15_000,
  /** "Plan migration refresh 1 s (company)". */
  planMigrationCompanyRefresh: 1_000,
  /** "Plan migration refresh … 5 s (invoices)". */
  planMigrationInvoicesRefresh: 5_000,
  /** "Subscription-sync delay 500 ms". */
  subscriptionSync: 500,
});

/** §9 "Rate-limit retries 3". */
export const RATE_LIMIT_RETRIES = 3;

/** §9 "Text max 1000 chars (SMS and MMS)". */
export const TEXT_MAX_LENGTH = 1000;

/** §9 "Extension range 0 to 25". */
export const EXTENSION_MIN = 0;
export const EXTENSION_MAX = 25;

/** §9 "Forward confirm_key_wait 10, timeout 20" (seconds). */
export const FORWARD_CONFIRM_KEY_WAIT_SEC = 10;
export const FORWARD_TIMEOUT_SEC = 20;

/** §9 "Default country US"; §5 "Default region US". */
export const DEFAULT_COUNTRY = 'US';

/** §5 "US area code length 3". */
export const US_AREA_CODE_LENGTH = 3;

/** §9 "Search window 2 years". */
export const SEARCH_WINDOW_YEARS = 2;

/** What a search or export starting before the §9 window is told: by the server (422 on `filters.from`) and by
 * the renderer, which checks before it asks, in the same words. */
export const SEARCH_WINDOW_MESSAGE = `Activity can be searched ${SEARCH_WINDOW_YEARS} years back at most.`;
/** What a date range whose end comes before its start is told (422 on `filters.to`, and on screen first). */
export const RANGE_ORDER_MESSAGE = 'The end date must not be before the start date.';

/** §9 "Inactive number removal 30 days". */
export const INACTIVE_NUMBER_REMOVAL_DAYS = 30;

/** §9 "Upload chunk 64 KB". */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** §9 "Long-duration buckets 30, 90, 120, 300 sec". */
export const LONG_DURATION_BUCKETS_SEC: readonly number[] = Object.freeze([30, 90, 120, 300]);

/** §9 Flash messages: "default position center". */
export const FLASH_DEFAULT_POSITION = 'center';

/**
 * §9 "Mobile device name is prefixed with the app name plus device id."
 * Used when registering a device token (§7 POST /apns-voip-device-tokens).
 */
export function deviceName(appName: string, deviceId: string, name = ''): string {
  const prefix = `${appName.trim()} ${deviceId.trim()}`;
  return name.trim() ? `${prefix} ${name.trim()}` : prefix;
}
