/** Helpers for the tests of organization invitations: the link the newest invitation mail to someone carries. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/** The token of the link in the newest mail to `email` (an invitation mail), as the person would open it. */
export async function invitationTokenMailedTo(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.channel, 'mail'), eq(outbox.to, email)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = mail?.body.match(/[?&]token=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in the newest mail to ${email}: ${mail?.body}`);
  return decodeURIComponent(token);
}
