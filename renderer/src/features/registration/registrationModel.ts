/**
 * The wizard's steps and which fields each holds, so a rejection's or the check's field (`brand.website`,
 * `campaign.sample_messages.1`) leads to the step where it is fixed; and the forms' values to and from the
 * registration (blank text is "not yet": drafts save anything).
 */
import type { Registration, SmsBrandFields, SmsCampaignFields } from '@shared/api/registration';

export const WIZARD_STEPS = [
  {
    key: 'business',
    label: 'Business',
    fields: [
      'brand.legal_name',
      'brand.display_name',
      'brand.company_type',
      'brand.industry',
      'brand.ein',
      'brand.id_type',
      'brand.id_number',
      'brand.stock_exchange',
      'brand.stock_symbol',
      'brand.website',
    ],
  },
  {
    key: 'contact',
    label: 'Contact',
    fields: [
      'brand.email',
      'brand.phone',
      'brand.street',
      'brand.city',
      'brand.state',
      'brand.postal_code',
      'brand.country',
      'brand.contact_first_name',
      'brand.contact_last_name',
    ],
  },
  {
    key: 'campaign',
    label: 'Campaign',
    fields: [
      'campaign.use_case',
      'campaign.sub_usecases',
      'campaign.description',
      'campaign.message_flow',
      'campaign.monthly_volume',
      'campaign.privacy_policy_url',
      'campaign.help_message',
    ],
  },
  { key: 'messages', label: 'Opt-in & samples', fields: ['campaign.optins', 'campaign.sample_messages'] },
  { key: 'numbers', label: 'Numbers', fields: ['campaign.numbers'] },
  { key: 'review', label: 'Check & submit', fields: [] },
] as const;

/** The step a field is fixed on (a list item's field, `campaign.sample_messages.1`, by its list). */
export function stepOfField(field: string): number {
  const index = WIZARD_STEPS.findIndex((step) =>
    (step.fields as readonly string[]).some((name) => field === name || field.startsWith(`${name}.`)),
  );
  return index === -1 ? WIZARD_STEPS.length - 1 : index;
}

/** A field's words for a person: `campaign.sample_messages.1` → "Sample message 2". */
export function fieldLabel(field: string): string {
  const sample = /^campaign\.sample_messages\.(\d+)$/.exec(field);
  if (sample) return `Sample message ${Number(sample[1]) + 1}`;
  const optin = /^campaign\.optins\.(\d+)/.exec(field);
  if (optin) return `Opt-in ${Number(optin[1]) + 1}`;
  const name = field.split('.').pop() ?? field;
  const words = name.replace(/_/g, ' ');
  const special: Record<string, string> = {
    ein: 'EIN',
    'privacy policy url': 'Privacy policy',
    sub_usecases: 'More use cases',
  };
  return special[words] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

export type BrandValues = { [K in keyof Required<SmsBrandFields>]: string };

export function brandValues(registration: Registration): BrandValues {
  const b = registration.brand;
  const keys = Object.keys(b).filter(
    (key) => !['id', 'is_draft', 'status'].includes(key),
  ) as (keyof BrandValues)[];
  return Object.fromEntries(keys.map((key) => [key, String(b[key] ?? '')])) as BrandValues;
}

/** Blank selects and texts go as null ("not yet"). */
export function brandBody(values: Partial<BrandValues>): SmsBrandFields {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value?.trim() ? value.trim() : null]),
  ) as SmsBrandFields;
}

export interface CampaignValues {
  use_case: string;
  sub_usecases: string[];
  description: string;
  message_flow: string;
  monthly_volume: string;
  privacy_policy_url: string;
  help_message: string;
  sample_messages: { text: string }[];
  optins: {
    type: 'text_to_join' | 'point_of_sale' | 'other';
    description: string;
    keywords: string[];
    supporting_file_ids: number[];
  }[];
}

export function campaignValues(registration: Registration): CampaignValues {
  const c = registration.campaign;
  const samples = c.sample_messages.length ? c.sample_messages : ['', ''];
  return {
    use_case: c.use_case ?? '',
    sub_usecases: c.sub_usecases,
    description: c.description ?? '',
    message_flow: c.message_flow ?? '',
    monthly_volume: c.monthly_volume ?? '',
    privacy_policy_url: c.privacy_policy_url ?? '',
    help_message: c.help_message ?? '',
    sample_messages: samples.map((text) => ({ text })),
    optins: c.optins.map((optin) => ({
      type: optin.type,
      description: optin.description,
      keywords: optin.keywords,
      supporting_file_ids: optin.supporting_files.map((file) => file.id),
    })),
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function campaignBody(values: CampaignValues): SmsCampaignFields {
  return {
    use_case: (orNull(values.use_case) as SmsCampaignFields['use_case']) ?? null,
    sub_usecases: values.sub_usecases as SmsCampaignFields['sub_usecases'],
    description: orNull(values.description),
    message_flow: orNull(values.message_flow),
    monthly_volume: (orNull(values.monthly_volume) as SmsCampaignFields['monthly_volume']) ?? null,
    privacy_policy_url: orNull(values.privacy_policy_url),
    help_message: orNull(values.help_message),
    sample_messages: values.sample_messages.map((sample) => sample.text.trim()).filter(Boolean),
    optins: values.optins,
  };
}

/** A server field of the campaign's lists, as the form names it (`campaign.sample_messages.1` → its text). */
export function formFieldOf(field: string): string {
  const inner = field.replace(/^(brand|campaign)\./, '');
  return /^sample_messages\.\d+$/.test(inner) ? `${inner}.text` : inner;
}
