/**
 * Invitations to a company (§6, §7 Users): pending ones, inviting someone (not a user or invitee already; only an
 * owner invites an owner) and sending one again with a new link (the old one stops working).
 */
import type { Role } from '@shared/domain/users';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { companyOfRow } from '../../../db/companyOf';
import { companies, invitations, memberships, users } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { HttpError } from '../../../lib/errors';
import { type InvitationRow, invitationView } from '../view';
import { mailInvitation, newInvitationToken } from './invitationLinks';

/** The company an invitation is to (null: no such invitation), for the route wrapper. */
export function companyOfInvitation(ctx: AppContext, id: number): Promise<number | null> {
  return companyOfRow(ctx.db, invitations, id);
}

/** The company's invitations not yet accepted, newest first (at most 1000, §9). */
export async function pendingInvitations(ctx: AppContext, companyId: number) {
  const rows = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.company_id, companyId), isNull(invitations.accepted_at)))
    .orderBy(desc(invitations.sent_at))
    .limit(1000);
  return rows.map(invitationView);
}

async function sendInvitation(ctx: AppContext, invitation: InvitationRow, token: string) {
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, invitation.company_id));
  await mailInvitation(ctx, {
    to: invitation.email,
    subject: `You are invited to ${company?.name ?? 'a company'} on Switchboard`,
    path: '/accept-invitation',
    token,
    body: (link) =>
      `Hello ${invitation.name},\n\nYou have been invited to join ${company?.name ?? 'a company'} as ${invitation.role}. Accept here:\n${link}`,
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
  const { token, tokenHash } = newInvitationToken();
  const [row] = await ctx.db
    .insert(invitations)
    .values({
      company_id: companyId,
      email: input.email,
      name: input.name,
      role: input.role,
      token_hash: tokenHash,
      invited_by: actor.id,
    })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  await sendInvitation(ctx, row, token);
  return invitationView(row);
}

/** A resend issues a new link (the old one stops working). */
export async function resendInvitation(ctx: AppContext, invitation: InvitationRow): Promise<void> {
  if (invitation.accepted_at) throw new HttpError(409, 'This invitation was already accepted.');
  const { token, tokenHash } = newInvitationToken();
  const [row] = await ctx.db
    .update(invitations)
    .set({ token_hash: tokenHash, sent_at: ctx.now() })
    .where(eq(invitations.id, invitation.id))
    .returning();
  if (row) await sendInvitation(ctx, row, token);
}

/** Sends invitation `id` again, when there is one (the route wrapper has checked its company). */
export async function resendInvitationById(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, id));
  if (row) await resendInvitation(ctx, row);
}
