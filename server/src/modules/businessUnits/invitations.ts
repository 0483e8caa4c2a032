/**
 * Organization admins by invitation (§6 "Organization admins are made via business-unit-users"). Adding an e-mail
 * records a pending invitation and mails its link; the person becomes an admin only by accepting it, signed in with
 * that address (users/service/invitationLinks.ts, shared with company invitations). Nothing answered to the inviter
 * says whether the address has an account, or whose it is: anyone may create an organization, so adding someone
 * must neither pull them in nor tell a stranger who uses Switchboard.
 */
import type { Organization, OrganizationUser } from '@shared/api/businessUnits';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationAdmins, organizationInvitations } from '../../db/schema';
import type { Caller } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { conflict, notFound } from '../../lib/errors';
import {
  acceptInvitation,
  type InvitationKind,
  mailInvitation,
  newInvitationToken,
} from '../users/service/invitationLinks';
import { adminsOf, organizationOf } from './service';
import { type OrganizationInvitationRow, organizationAdminView, organizationInvitationView } from './view';

/** Where the mailed link opens the app. */
const ACCEPT_PATH = '/accept-organization-invitation';

/** The lines of business-unit-users: the admins by name, then the invitations not yet accepted, newest first. */
export async function organizationUsers(
  ctx: AppContext,
  organizationId: number,
): Promise<OrganizationUser[]> {
  const admins = await adminsOf(ctx, organizationId);
  const pending = await ctx.db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organization_id, organizationId),
        isNull(organizationInvitations.accepted_at),
      ),
    )
    .orderBy(desc(organizationInvitations.sent_at), desc(organizationInvitations.id));
  return [...admins.map(organizationAdminView), ...pending.map(organizationInvitationView)];
}

/**
 * Invites `email` to administer the organization and mails the link; an address already invited gets a new link
 * (the old one stops working). An address of one of its admins is refused (409): the inviter sees the admins
 * already, so that tells them nothing new. Answers the lines of business-unit-users.
 */
export async function inviteAdmin(
  ctx: AppContext,
  organizationId: number,
  invitedBy: number,
  email: string,
): Promise<OrganizationUser[]> {
  const admins = await adminsOf(ctx, organizationId);
  if (admins.some((admin) => admin.email.toLowerCase() === email)) {
    throw conflict('This person is already an admin of this organization.', {
      email: ['Already an admin of this organization.'],
    });
  }
  const { token, tokenHash } = newInvitationToken();
  const now = ctx.now();
  // One pending invitation per address: inviting again (or two invitations at once) replaces its link.
  await ctx.db
    .insert(organizationInvitations)
    .values({
      organization_id: organizationId,
      email,
      token_hash: tokenHash,
      invited_by: invitedBy,
      sent_at: now,
    })
    .onConflictDoUpdate({
      target: [organizationInvitations.organization_id, organizationInvitations.email],
      targetWhere: sql`accepted_at is null`,
      set: { token_hash: tokenHash, invited_by: invitedBy, sent_at: now },
    });
  const organization = await organizationOf(ctx, organizationId);
  await mailInvitation(ctx, {
    to: email,
    subject: `You are invited to administer ${organization.name} on Switchboard`,
    path: ACCEPT_PATH,
    token,
    body: (link) =>
      [
        'Hello,',
        '',
        `You have been invited to administer the organization ${organization.name} on Switchboard.`,
        'Sign in with this e-mail address (or create an account with it), then accept here:',
        link,
        '',
        'If you did not expect this invitation, ignore this mail: nothing changes unless you accept it.',
      ].join('\n'),
  });
  return organizationUsers(ctx, organizationId);
}

/** Withdraws an invitation not yet accepted (404 for none in this organization): its link stops working. */
export async function withdrawInvitation(
  ctx: AppContext,
  organizationId: number,
  invitationId: number,
): Promise<void> {
  const deleted = await ctx.db
    .delete(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.id, invitationId),
        eq(organizationInvitations.organization_id, organizationId),
        isNull(organizationInvitations.accepted_at),
      ),
    )
    .returning({ id: organizationInvitations.id });
  if (!deleted.length) throw notFound('invitation');
}

/** An organization invitation as accepting a link finds, marks and honours it. */
const organizationInvitation: InvitationKind<OrganizationInvitationRow> = {
  async byTokenHash(db: Db, tokenHash: string) {
    const [row] = await db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.token_hash, tokenHash));
    return row;
  },
  async markAccepted(tx, row, userId, at) {
    const marked = await tx
      .update(organizationInvitations)
      .set({ accepted_at: at, accepted_by: userId })
      .where(and(eq(organizationInvitations.id, row.id), isNull(organizationInvitations.accepted_at)))
      .returning({ id: organizationInvitations.id });
    return marked.length > 0;
  },
  async grant(tx, row, userId) {
    await tx
      .insert(organizationAdmins)
      .values({ user_id: userId, organization_id: row.organization_id })
      .onConflictDoNothing();
  },
};

/** The signed-in caller accepts the invitation of the link with `token`: they administer its organization now. */
export async function acceptAdminInvitation(
  ctx: AppContext,
  caller: Caller,
  token: string,
): Promise<Organization> {
  const row = await acceptInvitation(ctx, caller, token, organizationInvitation);
  return organizationOf(ctx, row.organization_id);
}
