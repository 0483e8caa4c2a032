/** Text-messaging registration (10DLC brand and campaign) options (§3, §4). */
import { codes } from './codes';

/** §4 "SMS campaign: draft, submitted". */
export const SMS_REGISTRATION_STATES = codes([
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
]);

/** §3 SMS brand options: "company type (public, private, non-profit, government)". */
export const SMS_COMPANY_TYPES = codes([
  { value: 'public', label: 'Publicly traded company' },
  { value: 'private', label: 'Private company' },
  { value: 'non-profit', label: 'Non-profit organization' },
  { value: 'government', label: 'Government' },
]);

/** §3 "an industry list of 23": the brand verticals of The Campaign Registry. */
export const SMS_INDUSTRIES = codes([
  { value: 'AGRICULTURE', label: 'Agriculture' },
  { value: 'COMMUNICATION', label: 'Media & Communication' },
  { value: 'CONSTRUCTION', label: 'Construction & Materials' },
  { value: 'EDUCATION', label: 'Education' },
  { value: 'ENERGY', label: 'Energy & Utilities' },
  { value: 'ENTERTAINMENT', label: 'Entertainment' },
  { value: 'FINANCIAL', label: 'Financial' },
  { value: 'GAMBLING', label: 'Gambling & Lottery' },
  { value: 'GOVERNMENT', label: 'Government' },
  { value: 'HEALTHCARE', label: 'Healthcare' },
  { value: 'HOSPITALITY', label: 'Hospitality & Travel' },
  { value: 'HUMAN_RESOURCES', label: 'HR, Staffing or Recruitment' },
  { value: 'INSURANCE', label: 'Insurance' },
  { value: 'LEGAL', label: 'Legal' },
  { value: 'MANUFACTURING', label: 'Manufacturing' },
  { value: 'NGO', label: 'Non-profit organization' },
  { value: 'POLITICAL', label: 'Political' },
  { value: 'POSTAL', label: 'Postal & Delivery' },
  { value: 'PROFESSIONAL', label: 'Professional services' },
  { value: 'REAL_ESTATE', label: 'Real estate' },
  { value: 'RETAIL', label: 'Retail & Consumer products' },
  { value: 'TECHNOLOGY', label: 'Information technology' },
  { value: 'TRANSPORTATION', label: 'Transportation & Logistics' },
]);

/** §3 "ID types DUNS/GIIN/LEI". */
export const SMS_ID_TYPES = codes([
  { value: 'DUNS', label: 'DUNS' },
  { value: 'GIIN', label: 'GIIN' },
  { value: 'LEI', label: 'LEI' },
]);

/** §3 "stock exchanges": those a public brand may name. */
export const SMS_STOCK_EXCHANGES = codes(
  (
    [
      'NONE',
      'NASDAQ',
      'NYSE',
      'AMEX',
      'AMX',
      'ASX',
      'B3',
      'BME',
      'BSE',
      'FRA',
      'ICEX',
      'JPX',
      'JSE',
      'KRX',
      'LON',
      'NSE',
      'OMX',
      'SEHK',
      'SSE',
      'STO',
      'SWX',
      'SZSE',
      'TSX',
      'TWSE',
      'VSE',
      'OTHER',
    ] as const
  ).map((value) => ({ value, label: value === 'NONE' ? 'None' : value === 'OTHER' ? 'Other' : value })),
);

/** §3 "monthly volume bands 10_000, 25_000, 60_000, HIGH". */
export const SMS_MONTHLY_VOLUMES = codes([
  { value: '10_000', label: 'Up to 10,000 messages' },
  { value: '25_000', label: 'Up to 25,000 messages' },
  { value: '60_000', label: 'Up to 60,000 messages' },
  { value: 'HIGH', label: 'More than 60,000 messages' },
]);

/** §3 "use cases (2FA, account notification, customer care, delivery, fraud alert, higher education, marketing,
 * polling/voting, public service announcement, security alert)". */
export const SMS_USE_CASES = codes([
  { value: '2FA', label: 'Two-factor authentication' },
  { value: 'ACCOUNT_NOTIFICATION', label: 'Account notification' },
  { value: 'CUSTOMER_CARE', label: 'Customer care' },
  { value: 'DELIVERY_NOTIFICATION', label: 'Delivery notification' },
  { value: 'FRAUD_ALERT', label: 'Fraud alert' },
  { value: 'HIGHER_EDUCATION', label: 'Higher education' },
  { value: 'MARKETING', label: 'Marketing' },
  { value: 'POLLING_VOTING', label: 'Polling and voting' },
  { value: 'PUBLIC_SERVICE_ANNOUNCEMENT', label: 'Public service announcement' },
  { value: 'SECURITY_ALERT', label: 'Security alert' },
]);

/** §3 "opt-in types (text to join, point of sale, other)". */
export const SMS_OPTIN_TYPES = codes([
  { value: 'text_to_join', label: 'Text to join' },
  { value: 'point_of_sale', label: 'Point of sale' },
  { value: 'other', label: 'Other' },
]);

/** §3 "status (toll_free, local)": the registration status is kept per kind of number. */
export const SMS_REGISTRATION_NUMBER_KINDS = codes([
  { value: 'toll_free', label: 'Toll-free' },
  { value: 'local', label: 'Local' },
]);
