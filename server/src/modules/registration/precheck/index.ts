/**
 * The pre-submit check (`POST …/check`) and the reviews' own judgement: what carriers usually reject for, as
 * findings (field, severity, message, how to fix). The sandbox registry rejects for exactly the errors found here
 * (the brand's at the brand review, the campaign's at the campaign review), so the check run before paying tells
 * what the review will say.
 */
import { REGISTRATION_MESSAGES } from '@shared/api/registration';
import { emailFindings, type RegistrationFinding, sampleFindings } from '@shared/domain/registration';
import type { SmsRegistrationRow } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { missingFields } from './missing';
import { privacyFindings, websiteFindings } from './web';

/** What the brand review judges: the website answers, the contact is a business address on its domain. */
export async function brandFindings(
  ctx: AppContext,
  row: SmsRegistrationRow,
): Promise<RegistrationFinding[]> {
  return [
    ...(await websiteFindings(ctx, row.brand.website)),
    ...emailFindings(row.brand.email, row.brand.website),
  ];
}

/** What the campaign review judges: samples name the brand and say STOP; the privacy policy promises no sharing. */
export async function campaignFindings(
  ctx: AppContext,
  row: SmsRegistrationRow,
): Promise<RegistrationFinding[]> {
  const samples = row.campaign.sample_messages ?? [];
  const brandName = row.brand.display_name || row.brand.legal_name;
  return [
    ...sampleFindings(brandName, samples),
    ...(await privacyFindings(ctx, row.campaign.privacy_policy_url)),
  ];
}

/** Everything: the missing fields first (as errors), then what the reviews would find. */
export async function precheck(
  ctx: AppContext,
  row: SmsRegistrationRow,
  numberCount: number,
): Promise<RegistrationFinding[]> {
  const missing = Object.entries(missingFields(row, numberCount)).map(
    ([field, messages]): RegistrationFinding => ({
      field,
      severity: 'error',
      message: messages[0] ?? REGISTRATION_MESSAGES.required,
      fix: 'Fill it in on its step of the wizard.',
    }),
  );
  const [brand, campaign] = await Promise.all([brandFindings(ctx, row), campaignFindings(ctx, row)]);
  return [...missing, ...brand, ...campaign];
}

export const blocking = (findings: readonly RegistrationFinding[]) =>
  findings.filter((f) => f.severity === 'error');
