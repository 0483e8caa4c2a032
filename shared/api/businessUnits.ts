/** §7 Business units: organizations (groups of companies), their companies and their admins (§6 org-administrator). */
import { z } from 'zod';
import { endpoint, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { pagedSchema } from './paged';

const id = IdParamSchema;
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }));

export const ORGANIZATION_STATUSES = ['active', 'inactive'] as const;

export const OrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  owner_id: z.number().int().nullable(),
  companies_count: z.number().int(),
  created_at: z.string(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** An admin of the organization: someone who accepted an invitation to administer it (or created it). */
export const OrganizationAdminSchema = z.object({
  status: z.literal('admin'),
  /** The user's id (what removing them names). */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type OrganizationAdmin = z.infer<typeof OrganizationAdminSchema>;

/**
 * An invitation to administer the organization, not yet accepted: the address it was sent to and nothing else, so
 * whether that address has an account, and whose it is, is not told.
 */
export const OrganizationInvitationSchema = z.object({
  status: z.literal('invited'),
  /** The invitation's id (what withdrawing it names). */
  id: z.number().int(),
  email: z.string(),
  sent_at: z.string(),
});
export type OrganizationInvitation = z.infer<typeof OrganizationInvitationSchema>;

/** One line of an organization's business-unit-users: an admin, or an invitation not yet accepted. */
export const OrganizationUserSchema = z.discriminatedUnion('status', [
  OrganizationAdminSchema,
  OrganizationInvitationSchema,
]);
export type OrganizationUser = z.infer<typeof OrganizationUserSchema>;

const MessageSchema = z.object({ message: z.string() });

export const BUSINESS_UNIT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/business-units',
    summary: 'The organizations the caller administers (a platform admin: all), 1000 to a page (§9).',
    query: z.object({
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(1000).default(1000),
    }),
    response: pagedSchema(OrganizationSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/business-units',
    status: 201,
    summary: 'Creates an organization; its creator becomes its admin.',
    body: z.strictObject({ name: z.string().trim().min(1, 'Enter the organization name.').max(120) }),
    response: OrganizationSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/business-units/{id}',
    summary: 'One organization.',
    params: z.object({ id }),
    response: OrganizationSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/business-units/{id}',
    summary: 'Renames an organization (§8 "Organization was successfully updated").',
    params: z.object({ id }),
    body: z.strictObject({ name: z.string().trim().min(1, 'Enter the organization name.').max(120) }),
    response: OrganizationSchema,
  }),
  status: endpoint({
    method: 'POST',
    path: '/business-units/{id}/status',
    summary: 'Marks an organization active or inactive.',
    params: z.object({ id }),
    body: z.strictObject({ status: z.enum(ORGANIZATION_STATUSES) }),
    response: OrganizationSchema,
  }),
  companies: endpoint({
    method: 'GET',
    path: '/business-units/{id}/business-unit-companies',
    summary: 'The companies of an organization.',
    params: z.object({ id }),
    response: z.array(z.object({ id: z.number().int(), name: z.string(), account_status: z.number().int() })),
  }),
  addCompany: endpoint({
    method: 'POST',
    path: '/business-units/{id}/business-unit-companies',
    summary: 'Brings a company the caller owns into the organization.',
    params: z.object({ id }),
    body: z.strictObject({ company_id: idNumber() }),
    response: MessageSchema,
  }),
  removeCompany: endpoint({
    method: 'DELETE',
    path: '/business-unit-companies/{id}',
    summary: 'Takes a company (by its id) out of its organization; the company itself stays.',
    params: z.object({ id }),
    response: null,
  }),
  admins: endpoint({
    method: 'GET',
    path: '/business-units/{id}/business-unit-users',
    summary: 'The organization’s admins, then the invitations to administer it not yet accepted.',
    params: z.object({ id }),
    response: z.array(OrganizationUserSchema),
  }),
  addAdmin: endpoint({
    method: 'POST',
    path: '/business-units/{id}/business-unit-users',
    summary:
      'Invites someone by e-mail to administer the organization (§6); they become an admin by accepting. Inviting again sends a new link. The answer (the admins and invitations) is the same whether or not the address has an account.',
    params: z.object({ id }),
    body: z.strictObject({ email }),
    response: z.array(OrganizationUserSchema),
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/business-units/{id}/business-unit-invitations/{invitationId}',
    summary:
      'Withdraws an invitation to administer the organization not yet accepted: its link stops working.',
    params: z.object({ id, invitationId: id }),
    response: null,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/business-unit-invitations/accept',
    summary:
      'Accepts an invitation to administer an organization, with the token of its link: the signed-in person, whose e-mail it was sent to, becomes an admin.',
    body: z.strictObject({
      token: z
        .string()
        .trim()
        .min(1, 'Enter the token of the invitation link.')
        .max(200, 'An invitation token is at most 200 characters.'),
    }),
    response: OrganizationSchema,
  }),
  removeAdmin: endpoint({
    method: 'DELETE',
    path: '/business-units/{id}/business-unit-users/{userId}',
    summary: 'Removes an organization admin; an organization keeps at least one.',
    params: z.object({ id, userId: id }),
    response: null,
  }),
} as const;
