/** The API contract and the general behaviour every call shares (spec §7 General behaviour, §8). */
import { ACTIVITY_ENDPOINTS, EXPORT_ENDPOINTS } from './activity';
import { ALERT_ENDPOINTS } from './alerts';
import { ANALYTICS_ENDPOINTS } from './analytics';
import { API_KEY_ENDPOINTS } from './apiKeys';
import { AUTH_ENDPOINTS } from './auth';
import { BILLING_ENDPOINTS, SUBSCRIPTION_ENDPOINTS } from './billing';
import { BLOCK_ENDPOINTS } from './blocks';
import { BUSINESS_UNIT_ENDPOINTS } from './businessUnits';
import { CALLER_ID_ENDPOINTS } from './callerId';
import { CAMPAIGN_ENDPOINTS } from './campaigns';
import { COMPANY_ENDPOINTS } from './companies';
import { CONTACT_ENDPOINTS } from './contacts';
import type { Endpoint } from './contract';
import { CONVERSATION_PRESENCE_ENDPOINTS } from './conversationPresence';
import { CUSTOM_FIELD_ENDPOINTS } from './customFields';
import { DNI_ENDPOINTS } from './dni';
import { BULK_ATTRIBUTE_ENDPOINTS, DNI_REPORT_ENDPOINTS } from './dniReports';
import { COLUMN_PRESET_ENDPOINTS, FAVORITE_REPORT_ENDPOINTS } from './favoriteReports';
import { EXTENSION_SUGGESTION_ENDPOINTS, FORWARD_CONTACT_ENDPOINTS } from './forwardContacts';
import { GREETING_ENDPOINTS } from './greetings';
import { GROUP_ENDPOINTS, LABEL_ENDPOINTS } from './groups';
import { IN_APP_CALLING_ENDPOINTS } from './inAppCalling';
import { INBOUND_ENDPOINTS } from './inbound';
import { INBOX_ENDPOINTS } from './inbox';
import { MARKETPLACE_ENDPOINTS } from './marketplace';
import { MEDIA_ENDPOINTS, MESSAGING_ENDPOINTS } from './messaging';
import { NOTE_ENDPOINTS } from './notes';
import { NOTIFICATION_ENDPOINTS } from './notifications';
import { NUMBER_LIFECYCLE_ENDPOINTS } from './numberLifecycle';
import { NUMBER_PURCHASE_ENDPOINTS } from './numberPurchase';
import { NUMBER_CONFIG_ENDPOINTS, NUMBER_ENDPOINTS } from './numbers';
import { NUMBER_TABLE_ENDPOINTS } from './numberTable';
import { NUMBER_TEMPLATE_ENDPOINTS } from './numberTemplates';
import { PORT_ENDPOINTS } from './ports';
import { REALTIME_ENDPOINTS } from './realtime';
import { REGISTRATION_ENDPOINTS } from './registration';
import { SAVED_REPLY_ENDPOINTS } from './savedReplies';
import { TENANT_ENDPOINTS } from './tenant';
import { USER_ENDPOINTS } from './users';
import { VOICE_ENDPOINTS } from './voice';

export * from './activity';
export * from './alerts';
export * from './analytics';
export * from './apiKeys';
export * from './auth';
export * from './billing';
export * from './blocks';
export * from './businessUnits';
export * from './callerId';
export * from './campaigns';
export * from './companies';
export * from './company';
export * from './contacts';
export * from './contract';
export * from './conversationPresence';
export * from './conversations';
export * from './customFields';
export * from './dni';
export * from './dniReports';
export * from './errors';
export * from './favoriteReports';
export * from './forwardContacts';
export * from './greetings';
export * from './groups';
export * from './inAppCalling';
export * from './inbound';
export * from './inbox';
export * from './marketplace';
export * from './messaging';
export * from './notes';
export * from './notifications';
export * from './numberLifecycle';
export * from './numberPurchase';
export * from './numbers';
export * from './numberTable';
export * from './numberTemplates';
export * from './paged';
export * from './ports';
export * from './query';
export * from './realtime';
export * from './registration';
export * from './savedReplies';
export * from './signedUrl';
export * from './tenant';
export * from './timeZone';
export * from './users';
export * from './voice';

/** Every endpoint of the contract, by area. Each area's issue adds its table here. */
export const CONTRACT = {
  auth: AUTH_ENDPOINTS,
  companies: COMPANY_ENDPOINTS,
  users: USER_ENDPOINTS,
  tenant: TENANT_ENDPOINTS,
  realtime: REALTIME_ENDPOINTS,
  apiKeys: API_KEY_ENDPOINTS,
  businessUnits: BUSINESS_UNIT_ENDPOINTS,
  contacts: CONTACT_ENDPOINTS,
  groups: GROUP_ENDPOINTS,
  labels: LABEL_ENDPOINTS,
  customFields: CUSTOM_FIELD_ENDPOINTS,
  dni: DNI_ENDPOINTS,
  dniReports: DNI_REPORT_ENDPOINTS,
  bulkAttributes: BULK_ATTRIBUTE_ENDPOINTS,
  notes: NOTE_ENDPOINTS,
  messaging: MESSAGING_ENDPOINTS,
  media: MEDIA_ENDPOINTS,
  inbox: INBOX_ENDPOINTS,
  conversationPresence: CONVERSATION_PRESENCE_ENDPOINTS,
  numbers: NUMBER_ENDPOINTS,
  numberConfig: NUMBER_CONFIG_ENDPOINTS,
  blocks: BLOCK_ENDPOINTS,
  inbound: INBOUND_ENDPOINTS,
  activity: ACTIVITY_ENDPOINTS,
  exports: EXPORT_ENDPOINTS,
  notifications: NOTIFICATION_ENDPOINTS,
  savedReplies: SAVED_REPLY_ENDPOINTS,
  callerId: CALLER_ID_ENDPOINTS,
  inAppCalling: IN_APP_CALLING_ENDPOINTS,
  greetings: GREETING_ENDPOINTS,
  voice: VOICE_ENDPOINTS,
  campaigns: CAMPAIGN_ENDPOINTS,
  numberPurchase: NUMBER_PURCHASE_ENDPOINTS,
  forwardContacts: FORWARD_CONTACT_ENDPOINTS,
  extensionSuggestions: EXTENSION_SUGGESTION_ENDPOINTS,
  numberLifecycle: NUMBER_LIFECYCLE_ENDPOINTS,
  numberTable: NUMBER_TABLE_ENDPOINTS,
  numberTemplates: NUMBER_TEMPLATE_ENDPOINTS,
  marketplace: MARKETPLACE_ENDPOINTS,
  ports: PORT_ENDPOINTS,
  registration: REGISTRATION_ENDPOINTS,
  analytics: ANALYTICS_ENDPOINTS,
  alerts: ALERT_ENDPOINTS,
  favoriteReports: FAVORITE_REPORT_ENDPOINTS,
  columnPresets: COLUMN_PRESET_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  subscription: SUBSCRIPTION_ENDPOINTS,
} as const satisfies Record<string, Record<string, Endpoint>>;
