/** Ad and CRM integrations (§3). */
import { codes } from './codes';

/** §3 "OAuth kinds: googleads, microsoftads, metaads, slackbot, salesforce, gohighlevel, hubspot." */
export const OAUTH_KINDS = codes([
  { value: 'googleads', label: 'Google Ads' },
  { value: 'microsoftads', label: 'Microsoft Ads' },
  { value: 'metaads', label: 'Meta Ads' },
  { value: 'slackbot', label: 'Slack' },
  { value: 'salesforce', label: 'Salesforce' },
  { value: 'gohighlevel', label: 'HighLevel' },
  { value: 'hubspot', label: 'HubSpot' },
]);
export type OAuthKind = (typeof OAUTH_KINDS)[number]['value'];
