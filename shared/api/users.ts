/** §7 Users: list, one, update, password, invitations, activation, roles. */
import { z } from 'zod';
import { valuesOf } from '../domain/codes';
import { PERMISSIONS, type Permission } from '../domain/permissions';
import { IN_APP_CALLING_STATUSES, ROLES, USER_STATES } from '../domain/users';
import { NewPasswordSchema, PASSWORDS_DIFFER, passwordsMatch, RoleSchema } from './auth';
import { endpoint, enumOf, IdParamSchema, idNumber, PageNumberSchema } from './contract';
import { pagedSchema } from './paged';
import { TimeZoneSchema } from './timeZone';

const id = IdParamSchema;
const companyQuery = z.object({ companyId: id });
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }));
/** Roles an admin may give: every account role but deactivated (that is what deactivation is for). */
const AssignableRoleSchema = z.enum(
  valuesOf(ROLES).filter((role) => role !== 'deactivated') as [string, ...string[]],
);

/** A user as seen inside one company. */
export const CompanyUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  state: enumOf(USER_STATES),
  in_app_calling_status: enumOf(IN_APP_CALLING_STATUSES),
  mfa_enabled: z.boolean(),
  can_call: z.boolean(),
  timezone: z.string(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  sent_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

const MessageSchema = z.object({ message: z.string() });

export const USER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    summary: 'The users of a company.',
    query: companyQuery.extend({
      page: PageNumberSchema,
      perPage: z.coerce.number().int().min(1).max(1000).default(50),
      search: z.string().trim().max(100).optional(),
    }),
    response: pagedSchema(CompanyUserSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user of a company.',
    params: z.object({ id }),
    query: companyQuery,
    response: CompanyUserSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/{id}',
    summary: 'Changes a user’s name or role in a company (admins).',
    params: z.object({ id }),
    query: companyQuery,
    body: z.strictObject({
      name: z.string().trim().min(1, 'Enter a name.').max(120).optional(),
      role: AssignableRoleSchema.optional(),
    }),
    response: CompanyUserSchema,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/user',
    summary: 'Changes the signed-in user’s own name, email or time zone.',
    body: z.strictObject({
      name: z.string().trim().min(1, 'Enter your name.').max(120).optional(),
      email: email.optional(),
      timezone: TimeZoneSchema.optional(),
    }),
    response: MessageSchema,
    replay: { record: 'user', self: true },
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/users/update-password',
    summary: 'Changes the signed-in user’s password; other sessions are signed out.',
    body: z
      .strictObject({
        current_password: z.string().min(1, 'Enter your current password.'),
        password: NewPasswordSchema,
        password_confirmation: z.string(),
      })
      .refine(passwordsMatch, PASSWORDS_DIFFER),
    response: MessageSchema,
  }),
  invites: endpoint({
    method: 'GET',
    path: '/users/invites',
    summary: 'Invitations of a company not yet accepted (up to 1000, §9).',
    query: companyQuery,
    response: z.array(InvitationSchema),
  }),
  invite: endpoint({
    method: 'POST',
    path: '/users/invites',
    status: 201,
    summary: 'Invites someone to the company with a role.',
    query: companyQuery,
    body: z.strictObject({
      email,
      name: z.string().trim().min(1, 'Enter a name.').max(120),
      role: AssignableRoleSchema,
    }),
    response: InvitationSchema,
  }),
  resendInvite: endpoint({
    method: 'POST',
    path: '/users/invites/{id}/resend',
    summary: 'Sends an invitation again.',
    params: z.object({ id }),
    response: MessageSchema,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/user-activation/activate',
    summary: 'Gives deactivated users of the company their role back.',
    query: companyQuery,
    body: z.strictObject({
      user_ids: z.array(idNumber()).min(1, 'Choose at least one user.').max(1000),
    }),
    response: MessageSchema,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/user-activation/deactivate',
    summary: 'Deactivates users in the company: they can no longer use it.',
    query: companyQuery,
    body: z.strictObject({
      user_ids: z.array(idNumber()).min(1, 'Choose at least one user.').max(1000),
    }),
    response: MessageSchema,
  }),
  bulkAccounts: endpoint({
    method: 'POST',
    path: '/users/bulk-accounts',
    summary:
      'Gives one user a role in many companies of an organization at once (or takes them out with role null). Organization admins; only for people of the organization’s companies or invited to one, and the owner role is given or taken only by an owner, as with PUT /users/{id}.',
    query: z.object({ organizationId: id }),
    body: z.strictObject({
      user_id: idNumber(),
      company_ids: z.array(idNumber()).min(1, 'Choose at least one company.').max(1000),
      role: AssignableRoleSchema.nullable(),
    }),
    response: MessageSchema,
  }),
  roles: endpoint({
    method: 'GET',
    path: '/roles',
    summary: 'The account roles (§6) with what each may do.',
    response: z.array(
      z.object({
        value: RoleSchema,
        label: z.string(),
        permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])),
      }),
    ),
  }),
} as const;
