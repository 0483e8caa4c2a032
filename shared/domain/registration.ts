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

/* -------------------------------------------- the status machine ------------------------------------------- */

/**
 * Where a brand, a campaign or a toll-free verification stands. §4 names the two the screens start from (draft,
 * submitted) and "cancel marks status expired"; the carriers' review adds in review, approved and rejected
 * (docs/decisions.md "Text-messaging registration").
 */
export const SMS_REVIEW_STATUSES = codes([
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'in_review', label: 'In review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'expired', label: 'Expired' },
]);
export type SmsReviewStatus = (typeof SMS_REVIEW_STATUSES)[number]['value'];
export type SmsNumberKind = (typeof SMS_REGISTRATION_NUMBER_KINDS)[number]['value'];

/**
 * draft → submitted → in review → approved | rejected (with fields) → (edited: draft) → submitted …; cancel →
 * expired from any state but draft (a draft is deleted, not cancelled) and expired itself.
 */
export const SMS_REVIEW_TRANSITIONS: Readonly<Record<SmsReviewStatus, readonly SmsReviewStatus[]>> =
  Object.freeze({
    draft: ['submitted'],
    submitted: ['in_review', 'expired'],
    in_review: ['approved', 'rejected', 'expired'],
    approved: ['expired'],
    rejected: ['draft', 'submitted', 'expired'],
    expired: [],
  });

export function canMoveTo(from: SmsReviewStatus, to: SmsReviewStatus): boolean {
  return SMS_REVIEW_TRANSITIONS[from].includes(to);
}

/** A registration may be changed while nobody reviews it: a draft, or a rejected one being fixed. */
export const isEditable = (status: SmsReviewStatus) => status === 'draft' || status === 'rejected';
/** Submit: a draft, or a rejected registration after its fix. */
export const isSubmittable = (status: SmsReviewStatus) => canMoveTo(status, 'submitted');
/** §4 cancel: anything submitted (a draft is deleted instead). */
export const isCancellable = (status: SmsReviewStatus) => canMoveTo(status, 'expired');
/** Numbers may be added or removed until the registration is expired. */
export const numbersChangeable = (status: SmsReviewStatus) => status !== 'expired';
/** A registration that holds its numbers: another one cannot take them. */
export const holdsNumbers = (status: SmsReviewStatus) => status !== 'expired';

/** §3 number-type codes: which registration a number needs to send campaigns (1 toll-free, 2 local). */
export function registrationKindOfNumberType(type: number): SmsNumberKind | null {
  if (type === 1) return 'toll_free';
  // Bulk numbers (4) are local long codes too: carriers filter them the same way.
  if (type === 2 || type === 4) return 'local';
  return null;
}

/* --------------------------------------------------- fees ------------------------------------------------- */

/**
 * What registering costs, in cents (The Campaign Registry's fees as Twilio passes them on; docs/decisions.md): a
 * brand once, a campaign's vetting at each submission (a resubmission after a rejection is vetted again), and the
 * first month of the campaign. Toll-free verification is free. Low volume (the 10_000 band) is the low-volume
 * standard brand and campaign; the higher bands need the standard brand with secondary vetting.
 */
export const SMS_REGISTRATION_FEES_CENTS = Object.freeze({
  brandLowVolume: 450,
  brandStandard: 4400,
  campaignVetting: 1500,
  campaignMonthlyLowVolume: 150,
  campaignMonthlyStandard: 1000,
  tollFree: 0,
});

export interface FeeLine {
  item: 'brand' | 'campaign_vetting' | 'campaign_month';
  label: string;
  cents: number;
}

/** §3 "fees.due_today": what submitting now costs, line by line. */
export function feesDueToday(input: {
  kind: SmsNumberKind;
  monthlyVolume: string | null | undefined;
  /** The brand was paid for by an earlier submission (a fixed brand is not charged again). */
  brandPaid: boolean;
  /** The campaign's first month was paid for by an earlier submission. */
  monthPaid: boolean;
}): { lines: FeeLine[]; total_cents: number } {
  if (input.kind === 'toll_free') return { lines: [], total_cents: SMS_REGISTRATION_FEES_CENTS.tollFree };
  const low = input.monthlyVolume === '10_000';
  const fees = SMS_REGISTRATION_FEES_CENTS;
  const lines: FeeLine[] = [];
  if (!input.brandPaid)
    lines.push({
      item: 'brand',
      label: low ? 'Brand registration (low volume)' : 'Brand registration with secondary vetting',
      cents: low ? fees.brandLowVolume : fees.brandStandard,
    });
  lines.push({ item: 'campaign_vetting', label: 'Campaign vetting', cents: fees.campaignVetting });
  if (!input.monthPaid)
    lines.push({
      item: 'campaign_month',
      label: 'Campaign, first month',
      cents: low ? fees.campaignMonthlyLowVolume : fees.campaignMonthlyStandard,
    });
  return { lines, total_cents: lines.reduce((sum, line) => sum + line.cents, 0) };
}

/* -------------------------------------- what reviewers reject for --------------------------------------- */

/** One finding of the pre-submit check (and one reason of a rejection): the field, how bad, what, how to fix. */
export interface RegistrationFinding {
  /** The form's field path: `brand.website`, `campaign.sample_messages.1`. */
  field: string;
  severity: 'error' | 'warning';
  message: string;
  fix: string;
}

/** Free mailbox providers: carriers want a contact address on the brand's own domain. */
export const FREE_EMAIL_DOMAINS = Object.freeze([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
]);

/** The host of a website address without `www.`, lower case; null when it is no http(s) address. */
export function websiteDomain(website: string | null | undefined): string | null {
  const trimmed = (website ?? '').trim();
  // shared/ has no URL class (no DOM, no Node): the host is what follows the scheme, before a path or port.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return null;
  const rest = scheme ? trimmed.slice(scheme.length + 3) : trimmed;
  const host = rest.split(/[/?#]/)[0]?.split('@').pop()?.split(':')[0]?.toLowerCase() ?? '';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  return host.replace(/^www\./, '');
}

/** A business email on the brand's website domain (or a sub-domain of it), not a free mailbox. */
export function emailFindings(email: string | null | undefined, website: string | null | undefined) {
  const findings: RegistrationFinding[] = [];
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  if (!domain) return findings;
  if (FREE_EMAIL_DOMAINS.includes(domain)) {
    findings.push({
      field: 'brand.email',
      severity: 'error',
      message: `${domain} is a free mailbox; carriers reject brands whose contact is not a business address.`,
      fix: 'Use an address on your business website’s domain, e.g. info@yourbusiness.com.',
    });
    return findings;
  }
  const site = websiteDomain(website);
  if (site && domain !== site && !domain.endsWith(`.${site}`)) {
    findings.push({
      field: 'brand.email',
      severity: 'warning',
      message: `The email’s domain (${domain}) is not the website’s (${site}).`,
      fix: `Use an address at ${site}, or correct the website.`,
    });
  }
  return findings;
}

/** Opt-out wording a sample must carry: STOP (or its synonyms carriers honour). */
const OPT_OUT = /\b(STOP|UNSUBSCRIBE|CANCEL|END|QUIT|STOPALL)\b/;

/** Each sample names the brand and says how to opt out (STOP). */
export function sampleFindings(brandName: string | null | undefined, samples: readonly string[]) {
  const findings: RegistrationFinding[] = [];
  const brand = (brandName ?? '').trim().toLowerCase();
  samples.forEach((sample, index) => {
    const field = `campaign.sample_messages.${index}`;
    if (!sample.trim()) return;
    if (brand && !sample.toLowerCase().includes(brand))
      findings.push({
        field,
        severity: 'error',
        message: `Sample ${index + 1} does not name the brand (${brandName}).`,
        fix: `Start the message with your brand, e.g. "${brandName}: …".`,
      });
    if (!OPT_OUT.test(sample))
      findings.push({
        field,
        severity: 'error',
        message: `Sample ${index + 1} has no opt-out wording.`,
        fix: 'End it with "Reply STOP to opt out."',
      });
  });
  return findings;
}

/**
 * The privacy policy must say mobile numbers and opt-in data are not shared or sold to third parties (carriers'
 * most common campaign rejection): a sentence mentioning mobile/phone numbers or SMS opt-in data beside a negated
 * sharing with third parties.
 */
export function mentionsNoSharing(policy: string): boolean {
  const text = policy.replace(/\s+/g, ' ').toLowerCase();
  const sentences = text.split(/(?<=[.!?])\s/);
  return sentences.some(
    (sentence) =>
      /(mobile|phone|cell)(\s+phone)?\s+(numbers?|information)|(sms|text|opt-?in)\s+(consent|data|information)/.test(
        sentence,
      ) &&
      /(not|never|no)\b[^.]*\b(share|shared|sold|sell|rent|disclose)/.test(sentence) &&
      /third[ -]part(y|ies)|affiliates|anyone/.test(sentence),
  );
}

export const PRIVACY_FINDING: RegistrationFinding = {
  field: 'campaign.privacy_policy_url',
  severity: 'error',
  message:
    'The privacy policy does not say that mobile numbers and opt-in data are not shared with third parties.',
  fix:
    'Add a sentence such as "Mobile phone numbers and SMS opt-in data will not be shared or sold to third ' +
    'parties or affiliates for marketing purposes."',
};
