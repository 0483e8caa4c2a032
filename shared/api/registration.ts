/**
 * §7 Text-messaging registration: `/companies/{companyId}/sms-verification/campaign…`. §3 "SMS verification
 * campaign: id, brand (id, is_draft, status), campaign (optins with supporting_files, sub_usecases, numbers,
 * is_draft), status (toll_free, local), is_submitted, fees.due_today". A registration is one kind — 10DLC
 * (`local`: a brand and its campaign, reviewed by The Campaign Registry) or toll-free verification — and carries
 * both parts. Drafts save anything at any point; submit validates everything (422 per field), takes the fee the
 * person was shown (`confirm_fee_cents`) and hands the registration to the registry (sandbox or Twilio).
 */
import { z } from 'zod';
import {
  SMS_COMPANY_TYPES,
  SMS_ID_TYPES,
  SMS_INDUSTRIES,
  SMS_MONTHLY_VOLUMES,
  SMS_OPTIN_TYPES,
  SMS_REGISTRATION_NUMBER_KINDS,
  SMS_REVIEW_STATUSES,
  SMS_STOCK_EXCHANGES,
  SMS_USE_CASES,
} from '../domain/registration';
import { endpoint, enumOf, IdParamSchema, idNumber, reference } from './contract';
import { SignedUrlQuerySchema } from './signedUrl';

const id = IdParamSchema;
const companyParams = z.object({ companyId: id });
const recordParams = z.object({ companyId: id, id });

/** §9 "Retention: … SMS verification 3 minutes": how long the renderer keeps a registration cached. */
export const SMS_VERIFICATION_STALE_MS = 3 * 60_000;
/** §9 "SMS campaign cancel refresh 15 s": the renderer reads the registration again this long after a cancel. */
export const SMS_CANCEL_REFRESH_MS = 15_000;

export const SAMPLE_MESSAGES_MIN = 2;
export const SAMPLE_MESSAGES_MAX = 5;
export const SUB_USECASES_MAX = 5;
export const OPTINS_MAX = 5;
/** A supporting file (a screenshot of the opt-in form, a photo of the point-of-sale sign, a PDF). */
export const SUPPORTING_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const SUPPORTING_FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'] as const;
export const SUPPORTING_FILES_MAX = 5;

export const REGISTRATION_MESSAGES = {
  required: 'This is required to submit.',
  samplesCount: `Give ${SAMPLE_MESSAGES_MIN} to ${SAMPLE_MESSAGES_MAX} sample messages.`,
  optinRequired: 'Say how people opt in: at least one opt-in method.',
  optinProof:
    'Attach proof of this opt-in (a screenshot, photo or PDF) or describe it in detail (40 characters or more).',
  stockSymbol: 'A publicly traded company names its stock symbol.',
  stockExchange: 'A publicly traded company names its stock exchange.',
  numbersRequired: 'Add at least one number this registration covers.',
  feeChanged: (shown: string, due: string) =>
    `The fee due is ${due}, not ${shown} as shown: review the fees and submit again.`,
  notEditable: 'This registration is under review or expired and cannot be changed. Cancel it to start over.',
  notSubmittable: 'Only a draft or a rejected registration can be submitted.',
  notCancellable: 'Only a submitted registration can be cancelled; delete a draft instead.',
  notDeletable:
    'Only a draft that was never submitted can be deleted; cancel a submitted registration instead.',
  expired: 'This registration was cancelled and expired: numbers can no longer be changed.',
  wrongKind: (number: string, kind: string) =>
    `${number} is not a ${kind} number, so this registration cannot cover it.`,
  noSms: (number: string) => `${number} cannot send texts.`,
  takenBy: (number: string, other: number) =>
    `${number} is already covered by registration #${other}; remove it there first.`,
  notIn: (number: string) => `${number} is not in this registration.`,
  sandboxOnly: 'The sandbox review is only available when no carrier is configured.',
} as const;

const text = (max: number) => z.string().trim().max(max);
/** Drafts take blanks as "not yet". */
const draftText = (max: number) => text(max).nullable().optional();

export const SmsBrandFieldsSchema = z.object({
  legal_name: draftText(200),
  /** What customers know the business as; samples must name it. */
  display_name: draftText(100),
  company_type: enumOf(SMS_COMPANY_TYPES).nullable().optional(),
  industry: enumOf(SMS_INDUSTRIES).nullable().optional(),
  /** The US tax id (EIN); id_type/id_number name a DUNS, GIIN or LEI as well. */
  ein: draftText(20),
  id_type: enumOf(SMS_ID_TYPES).nullable().optional(),
  id_number: draftText(40),
  stock_exchange: enumOf(SMS_STOCK_EXCHANGES).nullable().optional(),
  stock_symbol: draftText(10),
  website: draftText(300),
  email: z
    .union([z.email('Enter an email address.'), z.literal('')])
    .nullable()
    .optional(),
  phone: draftText(20),
  street: draftText(200),
  city: draftText(100),
  state: draftText(50),
  postal_code: draftText(20),
  country: draftText(2),
  contact_first_name: draftText(100),
  contact_last_name: draftText(100),
});
export type SmsBrandFields = z.infer<typeof SmsBrandFieldsSchema>;

export const SmsSupportingFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** The file by a short-lived signed URL (no sign-in needed to open it, as for attachments). */
  url: z.string(),
});
export type SmsSupportingFile = z.infer<typeof SmsSupportingFileSchema>;

export const SmsOptinInputSchema = z.object({
  type: enumOf(SMS_OPTIN_TYPES),
  description: text(1000).default(''),
  /** Keywords a text-to-join opt-in answers (JOIN, START…). */
  keywords: z.array(text(20)).max(10).default([]),
  /** Files uploaded to this registration (POST …/supporting-files) that prove this opt-in. */
  supporting_file_ids: z.array(idNumber()).max(SUPPORTING_FILES_MAX).default([]),
});

export const SmsCampaignFieldsSchema = z.object({
  use_case: enumOf(SMS_USE_CASES).nullable().optional(),
  sub_usecases: z.array(enumOf(SMS_USE_CASES)).max(SUB_USECASES_MAX).optional(),
  description: draftText(2000),
  /** How a person comes to receive texts (the call to action), as a reviewer reads it. */
  message_flow: draftText(2000),
  monthly_volume: enumOf(SMS_MONTHLY_VOLUMES).nullable().optional(),
  sample_messages: z.array(text(1000)).max(SAMPLE_MESSAGES_MAX).optional(),
  privacy_policy_url: draftText(300),
  help_message: draftText(320),
  optins: z.array(SmsOptinInputSchema).max(OPTINS_MAX).optional(),
});
export type SmsCampaignFields = z.input<typeof SmsCampaignFieldsSchema>;

/** `POST …/campaign`: a new draft of a kind, with whatever is filled in so far. */
export const RegistrationCreateSchema = z.object({
  kind: enumOf(SMS_REGISTRATION_NUMBER_KINDS),
  brand: SmsBrandFieldsSchema.optional(),
  campaign: SmsCampaignFieldsSchema.optional(),
});

/** `PUT …/campaign/{id}`: the campaign part of a draft (or a rejected registration being fixed). */
export const RegistrationUpdateSchema = z.object({ campaign: SmsCampaignFieldsSchema });
/** `PUT …/campaign/{id}/brand`. */
export const SmsBrandUpdateSchema = z.object({ brand: SmsBrandFieldsSchema });

export const SmsSubmitSchema = z.object({
  /** The total the person was shown (fees.due_today_cents): a different amount due refuses the submit. */
  confirm_fee_cents: z.number().int().min(0),
});

export const SmsNumbersBodySchema = z.object({
  numbers: z.array(reference('number')).min(1, 'Choose at least one number.').max(100),
});

const status = enumOf(SMS_REVIEW_STATUSES);

export const RegistrationFindingSchema = z.object({
  field: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  fix: z.string(),
});
export type RegistrationFindingView = z.infer<typeof RegistrationFindingSchema>;

export const RegistrationSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  kind: enumOf(SMS_REGISTRATION_NUMBER_KINDS),
  /** The registration's standing: the campaign's once the brand is approved, else the brand's. */
  status,
  is_submitted: z.boolean(),
  brand: SmsBrandFieldsSchema.extend({ id: z.number().int(), is_draft: z.boolean(), status }),
  campaign: z.object({
    id: z.number().int(),
    is_draft: z.boolean(),
    status,
    use_case: z.string().nullable(),
    sub_usecases: z.array(z.string()),
    description: z.string().nullable(),
    message_flow: z.string().nullable(),
    monthly_volume: z.string().nullable(),
    sample_messages: z.array(z.string()),
    privacy_policy_url: z.string().nullable(),
    help_message: z.string().nullable(),
    optins: z.array(
      z.object({
        type: enumOf(SMS_OPTIN_TYPES),
        description: z.string(),
        keywords: z.array(z.string()),
        supporting_files: z.array(SmsSupportingFileSchema),
      }),
    ),
    numbers: z.array(z.object({ id: z.number().int(), number: z.string(), label: z.string() })),
  }),
  /** Files uploaded and not yet placed on an opt-in. */
  unattached_files: z.array(SmsSupportingFileSchema),
  /** Why the last review rejected it, per field, with what to fix; empty otherwise. */
  rejection: z.array(RegistrationFindingSchema),
  fees: z.object({
    /** §3 "fees.due_today", in US dollars. */
    due_today: z.number(),
    due_today_cents: z.number().int(),
    lines: z.array(z.object({ item: z.string(), label: z.string(), cents: z.number().int() })),
    paid_cents: z.number().int(),
  }),
  /** When the registry expects to answer (the sandbox's review time); null when nothing is in review. */
  review_expected_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationListSchema = z.object({
  data: z.array(RegistrationSchema),
  /** §3 "status (toll_free, local)": the standing of the company's live registration of each kind. */
  status: z.object({ toll_free: status.nullable(), local: status.nullable() }),
});

const RegistrationMessageSchema = z.object({ message: z.string() });
const base = '/companies/{companyId}/sms-verification/campaign';

export const REGISTRATION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary:
      'The company’s text-messaging registrations (10DLC and toll-free), newest first, and the status of each kind.',
    params: companyParams,
    response: RegistrationListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary:
      'Starts a registration draft of a kind (local: 10DLC brand and campaign; toll_free: verification).',
    params: companyParams,
    body: RegistrationCreateSchema,
    response: RegistrationSchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/{id}`,
    summary: 'One registration.',
    params: recordParams,
    response: RegistrationSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/{id}`,
    summary:
      'Saves the campaign part of a draft (or of a rejected registration being fixed); anything may be blank.',
    params: recordParams,
    body: RegistrationUpdateSchema,
    response: RegistrationSchema,
  }),
  brand: endpoint({
    method: 'GET',
    path: `${base}/{id}/brand`,
    summary: 'The brand of a registration.',
    params: recordParams,
    response: RegistrationSchema.shape.brand,
  }),
  updateBrand: endpoint({
    method: 'PUT',
    path: `${base}/{id}/brand`,
    summary:
      'Saves the brand part of a draft (or of a rejected registration being fixed); anything may be blank.',
    params: recordParams,
    body: SmsBrandUpdateSchema,
    response: RegistrationSchema,
  }),
  uploadFile: endpoint({
    method: 'POST',
    path: `${base}/{id}/supporting-files`,
    summary: `Uploads one opt-in proof \`file\` (PNG, JPEG, GIF or PDF, at most ${SUPPORTING_FILE_MAX_BYTES / (1024 * 1024)} MB); place it on an opt-in by its id.`,
    params: recordParams,
    multipart: true,
    response: SmsSupportingFileSchema,
    status: 201,
  }),
  file: endpoint({
    method: 'GET',
    path: '/sms-verification/supporting-files/{fileId}',
    summary: 'A supporting file by its signed URL (as the registration answers it).',
    params: z.object({ fileId: id }),
    query: SignedUrlQuerySchema,
    response: null,
  }),
  removeFile: endpoint({
    method: 'DELETE',
    path: `${base}/{id}/supporting-files/{fileId}`,
    summary: 'Removes a supporting file (and takes it off its opt-in).',
    params: recordParams.extend({ fileId: id }),
    response: RegistrationSchema,
  }),
  check: endpoint({
    method: 'POST',
    path: `${base}/{id}/check`,
    summary:
      'The pre-submit check: what carriers usually reject for (website reachable, privacy policy, samples, business email, missing fields), each with how to fix it.',
    params: recordParams,
    response: z.object({ findings: z.array(RegistrationFindingSchema), ready: z.boolean() }),
  }),
  submit: endpoint({
    method: 'POST',
    path: `${base}/{id}/submit`,
    summary:
      'Submits the registration for review (422 per missing field; 409 when the fee differs from the one shown).',
    params: recordParams,
    body: SmsSubmitSchema,
    response: RegistrationMessageSchema.extend({ registration: RegistrationSchema }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/{id}`,
    summary: 'Deletes a draft that was never submitted.',
    params: recordParams,
    response: null,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${base}/{id}/cancel`,
    summary: 'Cancels a submitted registration: it expires and its numbers are freed.',
    params: recordParams,
    response: RegistrationMessageSchema.extend({ registration: RegistrationSchema }),
  }),
  addNumbers: endpoint({
    method: 'POST',
    path: `${base}/{id}/add-numbers`,
    summary: 'Adds the company’s SMS numbers of the registration’s kind (one registration per number).',
    params: recordParams,
    body: SmsNumbersBodySchema,
    response: RegistrationMessageSchema.extend({ registration: RegistrationSchema }),
  }),
  removeNumbers: endpoint({
    method: 'POST',
    path: `${base}/{id}/remove-numbers`,
    summary: 'Removes numbers from the registration.',
    params: recordParams,
    body: SmsNumbersBodySchema,
    response: RegistrationMessageSchema.extend({ registration: RegistrationSchema }),
  }),
  sandboxReview: endpoint({
    method: 'POST',
    path: `${base}/{id}/sandbox-review`,
    summary:
      'Sandbox only (404 with a carrier configured): the sandbox registry finishes the reviews under way now instead of at their time.',
    params: recordParams,
    response: RegistrationSchema,
  }),
} as const;
