/**
 * What every invitation by link shares, whatever it invites to (a company: invitations.ts; an organization:
 * businessUnits/invitations.ts): a token only the mail holds (the database keeps its hash), the mail that carries
 * it, and accepting it — by the signed-in person it was sent to, once, and what it grants in the same transaction.
 */
import type { Db } from '../../../db/client';
import type { Caller } from '../../../http/caller';
import type { AppContext } from '../../../http/context';
import { conflict, forbidden, invalid } from '../../../lib/errors';
import { hashToken, newToken } from '../../../lib/secrets';
import { markEmailVerified } from '../../auth/verification';

/** A new link's token, and the hash of it to store. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = newToken('invite');
  return { token, tokenHash: hashToken(token) };
}

/** Mails an invitation whose link opens `path` of the app with the token; `body` writes the text around the link. */
export async function mailInvitation(
  ctx: AppContext,
  mail: { to: string; subject: string; path: string; token: string; body: (link: string) => string },
): Promise<void> {
  const link = `${ctx.config.publicUrl}${mail.path}?token=${encodeURIComponent(mail.token)}`;
  await ctx.outbox.send({ channel: 'mail', to: mail.to, subject: mail.subject, body: mail.body(link) });
}

/** What accepting needs of an invitation of any kind. */
export interface InvitationByLink {
  email: string;
  accepted_at: Date | null;
}

/** How one kind of invitation is found by its link, marked accepted and honoured. */
export interface InvitationKind<Row extends InvitationByLink> {
  /** The invitation whose link's token has this hash, if any. */
  byTokenHash(db: Db, tokenHash: string): Promise<Row | undefined>;
  /** Marks it accepted by `userId` unless it already is (then false): the one write two clicks at once race on. */
  markAccepted(tx: Db, row: Row, userId: number, at: Date): Promise<boolean>;
  /** Gives the person what the invitation is to. */
  grant(tx: Db, row: Row, userId: number): Promise<void>;
}

const INVITATION_REFUSALS = {
  // A link never made, replaced by a newer one, or withdrawn: the same answer, since the token names nothing now.
  unknown: 'This invitation link is no longer valid. Ask for a new invitation.',
  otherPerson: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  accepted: 'This invitation was already accepted.',
};

/**
 * Accepts the invitation of the link carrying `token` for the signed-in caller: 422 on `token` for no such link,
 * 403 when it was sent to another address (a forwarded link does not make someone else a member), 409 once
 * accepted. The caller's next request, on any instance, sees what it granted.
 */
export async function acceptInvitation<Row extends InvitationByLink>(
  ctx: AppContext,
  caller: Caller,
  token: string,
  kind: InvitationKind<Row>,
): Promise<Row> {
  const row = await kind.byTokenHash(ctx.db, hashToken(token));
  if (!row) throw invalid({ token: [INVITATION_REFUSALS.unknown] });
  if (row.email.toLowerCase() !== caller.user.email.toLowerCase())
    throw forbidden(INVITATION_REFUSALS.otherPerson);
  if (row.accepted_at) throw conflict(INVITATION_REFUSALS.accepted);
  await ctx.db.transaction(async (tx) => {
    if (!(await kind.markAccepted(tx, row, caller.user.id, ctx.now())))
      throw conflict(INVITATION_REFUSALS.accepted);
    await kind.grant(tx, row, caller.user.id);
  });
  // Opening the link mailed to the address proves the person reads its mail, as a verification link does.
  await markEmailVerified(ctx, caller.user.id, caller.user.email);
  await ctx.callers.usersChanged([caller.user.id]);
  return row;
}
