/**
 * What a registration must have before it is submitted: every field a reviewer reads. Drafts save without them;
 * submit answers 422 with these per-field messages, and the pre-submit check lists them as errors.
 */
import {
  REGISTRATION_MESSAGES as M,
  SAMPLE_MESSAGES_MAX,
  SAMPLE_MESSAGES_MIN,
} from '@shared/api/registration';
import type { SmsRegistrationRow } from '../../../db/schema';

const BRAND_REQUIRED = [
  'legal_name',
  'display_name',
  'company_type',
  'industry',
  'ein',
  'website',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'postal_code',
  'country',
  'contact_first_name',
  'contact_last_name',
] as const;

const CAMPAIGN_TEXT_REQUIRED = [
  'use_case',
  'description',
  'message_flow',
  'monthly_volume',
  'privacy_policy_url',
] as const;

/** A description that proves an opt-in without a file: long enough to say where and how consent is taken. */
export const OPTIN_DESCRIPTION_MIN = 40;

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

export function missingFields(row: SmsRegistrationRow, numberCount: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const brand = row.brand;
  for (const field of BRAND_REQUIRED) if (blank(brand[field])) add(`brand.${field}`, M.required);
  if (brand.company_type === 'public') {
    if (blank(brand.stock_exchange) || brand.stock_exchange === 'NONE')
      add('brand.stock_exchange', M.stockExchange);
    if (blank(brand.stock_symbol)) add('brand.stock_symbol', M.stockSymbol);
  }
  if (!blank(brand.id_type) && blank(brand.id_number)) add('brand.id_number', M.required);
  const campaign = row.campaign;
  for (const field of CAMPAIGN_TEXT_REQUIRED)
    if (blank(campaign[field])) add(`campaign.${field}`, M.required);
  const samples = (campaign.sample_messages ?? []).filter((sample) => !blank(sample));
  if (samples.length < SAMPLE_MESSAGES_MIN || samples.length > SAMPLE_MESSAGES_MAX)
    add('campaign.sample_messages', M.samplesCount);
  const optins = campaign.optins ?? [];
  if (optins.length === 0) add('campaign.optins', M.optinRequired);
  optins.forEach((optin, index) => {
    if (optin.supporting_file_ids.length === 0 && optin.description.trim().length < OPTIN_DESCRIPTION_MIN)
      add(`campaign.optins.${index}`, M.optinProof);
  });
  if (numberCount === 0) add('campaign.numbers', M.numbersRequired);
  return errors;
}
