/** Users inside a company: listing, roles, invitations, activation (§6, §7 Users). */
import type { CompanyUser } from '@shared/api/users';
import { canUserCall, type Role } from '@shared/domain/users';
import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { companies, invitations, memberships, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError, notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/secrets';
import { maySignIn } from '../auth/service';
import { revokeAllAccess } from '../auth/tokens';
import { likePattern } from '../companies/service';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  userState: users.state,
  in_app_calling_status: memberships.in_app_calling_status,
  mfa_enabled: users.mfa_enabled,
  sip_address: users.sip_address,
  sip_user: users.sip_user,
  sip_password: users.sip_password,
  timezone: users.timezone,
};

type Row = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;

function toCompanyUser(row: Row): CompanyUser {
  const role = row.role as Role;
  return {
    id: row.id as number,
    name: row.name as string,
    email: row.email as string,
    role,
    state: role === 'deactivated' || row.userState !== 'active' ? 'deactivated' : 'active',
    in_app_calling_status: row.in_app_calling_status as CompanyUser['in_app_calling_status'],
    mfa_enabled: row.mfa_enabled as boolean,
    can_call: canUserCall(
      row as { sip_address: string | null; sip_user: string | null; sip_password: string | null },
    ),
    timezone: row.timezone as string,
  };
}

export async function listCompanyUsers(
  ctx: AppContext,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
) {
  const search = options.search
    ? or(ilike(users.name, likePattern(options.search)), ilike(users.email, likePattern(options.search)))
    : undefined;
  const where = and(eq(memberships.company_id, companyId), search);
  const rows = await ctx.db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(where);
  return { rows: rows.map(toCompanyUser), total: total?.total ?? 0 };
}

export async function companyUser(ctx: AppContext, companyId: number, userId: number): Promise<CompanyUser> {
  const [row] = await ctx.db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
  if (!row) throw notFound('user');
  return toCompanyUser(row);
}

async function owners(ctx: AppContext, companyId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: memberships.user_id })
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), eq(memberships.role, 'owner')));
  return rows.map((row) => row.id);
}

/** Only an owner makes or unmakes an owner, and a company never loses its last owner. */
export async function changeRole(
  ctx: AppContext,
  companyId: number,
  actorRole: Role,
  userId: number,
  role: Role,
) {
  const current = await companyUser(ctx, companyId, userId);
  if ((role === 'owner' || current.role === 'owner') && actorRole !== 'owner') {
    throw new HttpError(403, 'Only an owner can give or take away the owner role.');
  }
  if (current.role === 'owner' && role !== 'owner' && (await owners(ctx, companyId)).length <= 1) {
    throw new HttpError(409, 'A company needs at least one owner. Make someone else owner first.');
  }
  await ctx.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
}

export async function setActivation(
  ctx: AppContext,
  companyId: number,
  actor: { id: number; role: Role },
  userIds: number[],
  active: boolean,
): Promise<void> {
  const targets = await ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.company_id, companyId), inArray(memberships.user_id, userIds)));
  const missing = userIds.filter((id) => !targets.some((row) => row.user_id === id));
  if (missing.length) throw notFound('user');
  if (!active) {
    if (userIds.includes(actor.id)) throw new HttpError(409, 'You cannot deactivate yourself.');
    if (targets.some((row) => row.role === 'owner') && actor.role !== 'owner') {
      throw new HttpError(403, 'Only an owner can deactivate an owner.');
    }
    const remainingOwners = (await owners(ctx, companyId)).filter((id) => !userIds.includes(id));
    if (targets.some((row) => row.role === 'owner') && remainingOwners.length === 0) {
      throw new HttpError(409, 'A company needs at least one owner. Make someone else owner first.');
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const row of targets) {
      if (active && row.role === 'deactivated') {
        await tx
          .update(memberships)
          .set({ role: row.previous_role ?? 'user', previous_role: null })
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, row.user_id)));
      } else if (!active && row.role !== 'deactivated') {
        await tx
          .update(memberships)
          .set({ role: 'deactivated', previous_role: row.role, in_app_calling_status: 'away' })
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, row.user_id)));
      }
    }
  });
  if (active) return;
  // "A user deactivated everywhere cannot sign in" (docs/permissions.md) — nor keep working with what they signed
  // in with before: their last company's deactivation ends every session, token, refresh and API key at once.
  for (const row of targets) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, row.user_id));
    if (user && !(await maySignIn(ctx, user))) await revokeAllAccess(ctx, user.id);
  }
}

export function invitationView(row: typeof invitations.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    sent_at: row.sent_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
  };
}

async function sendInvitation(ctx: AppContext, invitation: typeof invitations.$inferSelect, token: string) {
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, invitation.company_id));
  const link = `${ctx.config.publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  await ctx.outbox.send({
    channel: 'mail',
    to: invitation.email,
    subject: `You are invited to ${company?.name ?? 'a company'} on Switchboard`,
    body: `Hello ${invitation.name},\n\nYou have been invited to join ${company?.name ?? 'a company'} as ${invitation.role}. Accept here:\n${link}`,
  });
}

export async function invite(
  ctx: AppContext,
  companyId: number,
  actor: { id: number; role: Role },
  input: { email: string; name: string; role: string },
) {
  if (input.role === 'owner' && actor.role !== 'owner')
    throw new HttpError(403, 'Only an owner can invite an owner.');
  const member = await ctx.db
    .select()
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(and(eq(memberships.company_id, companyId), eq(users.email, input.email)));
  if (member.length)
    throw new HttpError(409, 'This person is already a user of this company.', {
      email: ['Already a user here.'],
    });
  const pending = await ctx.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.company_id, companyId),
        eq(invitations.email, input.email),
        isNull(invitations.accepted_at),
      ),
    );
  if (pending.length) {
    throw new HttpError(409, 'This person already has an invitation. Resend it instead.', {
      email: ['Already invited.'],
    });
  }
  const token = newToken('invite');
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      company_id: companyId,
      email: input.email,
      name: input.name,
      role: input.role,
      token_hash: hashToken(token),
      invited_by: actor.id,
    })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  await sendInvitation(ctx, row, token);
  return invitationView(row);
}

/** A resend issues a new link (the old one stops working). */
export async function resendInvitation(
  ctx: AppContext,
  invitation: typeof invitations.$inferSelect,
): Promise<void> {
  if (invitation.accepted_at) throw new HttpError(409, 'This invitation was already accepted.');
  const token = newToken('invite');
  const [row] = await ctx.db
    .update(invitations)
    .set({ token_hash: hashToken(token), sent_at: ctx.now() })
    .where(eq(invitations.id, invitation.id))
    .returning();
  if (row) await sendInvitation(ctx, row, token);
}

/**
 * Gives one user a role in many companies of an organization at once, or (role null) takes them out. Every
 * company must belong to the organization; a company's last owner is never taken out or demoted.
 */
export async function setAccounts(
  ctx: AppContext,
  organizationId: number,
  userId: number,
  companyIds: number[],
  role: Role | null,
): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, state: users.state })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('user');
  const inOrganization = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.organization_id, organizationId)));
  const outside = companyIds.filter((id) => !inOrganization.some((company) => company.id === id));
  if (outside.length) {
    throw new HttpError(422, 'The given data was invalid.', {
      company_ids: [`Not companies of this organization: ${outside.join(', ')}.`],
    });
  }
  await ctx.db.transaction(async (tx) => {
    for (const companyId of companyIds) {
      const [current] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
      if (current?.role === 'owner' && role !== 'owner') {
        const owners = await tx
          .select({ id: memberships.user_id })
          .from(memberships)
          .where(and(eq(memberships.company_id, companyId), eq(memberships.role, 'owner')));
        if (owners.length <= 1)
          throw new HttpError(409, 'A company needs at least one owner. Make someone else owner first.');
      }
      if (role === null) {
        await tx
          .delete(memberships)
          .where(and(eq(memberships.company_id, companyId), eq(memberships.user_id, userId)));
      } else {
        await tx
          .insert(memberships)
          .values({ user_id: userId, company_id: companyId, role })
          .onConflictDoUpdate({
            target: [memberships.user_id, memberships.company_id],
            set: { role, previous_role: null },
          });
      }
    }
  });
}
