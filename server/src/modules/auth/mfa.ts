/** Turning the second factor on and off for oneself (§7 MFA): authenticator app (TOTP) or emailed codes. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { credentials, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { HttpError, invalid } from '../../lib/errors';
import {
  hashToken,
  newNumericCode,
  newRecoveryCode,
  newToken,
  safeEqual,
  verifyPassword,
} from '../../lib/secrets';
import { totpFor, totpMatches } from './service';

type UserRow = typeof users.$inferSelect;
const RECOVERY_CODES = 10;

function alreadyOn(user: UserRow): void {
  if (user.mfa_enabled)
    throw new HttpError(409, 'Two-step sign-in is already on. Turn it off first to change how it works.');
}

/** Starts authenticator enrolment: a new secret, shown once as a QR code and as text. */
export async function startAuthenticator(ctx: AppContext, user: UserRow) {
  alreadyOn(user);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await ctx.db.update(users).set({ mfa_secret: secret }).where(eq(users.id, user.id));
  await ctx.callers.usersChanged([user.id]);
  const otpauthUrl = totpFor(user, secret).toString();
  return {
    qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
    secret,
    otpauth_url: otpauthUrl,
  };
}

/** Emails a code that confirms email as the second factor. */
export async function sendSetupCode(ctx: AppContext, user: UserRow, kind: string): Promise<void> {
  alreadyOn(user);
  if (kind === 'totp')
    throw invalid({ kind: ['An authenticator app needs no code sent: scan the QR code instead.'] });
  if (kind === 'sms') {
    throw invalid({
      kind: ['Codes by text message are not offered yet. Use an authenticator app or email.'],
    });
  }
  const code = newNumericCode();
  await ctx.db.insert(credentials).values({
    user_id: user.id,
    kind: 'mfa-setup',
    token_hash: hashToken(newToken('mfa')),
    code_hash: hashToken(code),
    expires_at: new Date(ctx.now().getTime() + 10 * 60_000),
  });
  await ctx.outbox.send({
    channel: 'mail',
    to: user.email,
    subject: 'Confirm two-step sign-in',
    body: `Your Switchboard confirmation code is ${code}. It expires in 10 minutes.`,
  });
}

async function newRecoveryCodes(ctx: AppContext, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.db
    .update(users)
    .set({ mfa_recovery_hashes: codes.map(hashToken) })
    .where(eq(users.id, userId));
  await ctx.callers.usersChanged([userId]);
  return codes;
}

/** Confirms the pending factor with a code and turns it on; answers the recovery codes, shown this once. */
export async function verifyFactor(ctx: AppContext, user: UserRow, kind: string, code: string) {
  alreadyOn(user);
  if (kind === 'totp') {
    if (!user.mfa_secret) throw invalid({ kind: ['Scan the QR code first (GET /mfa/qr).'] });
    if (!totpMatches(ctx, user, user.mfa_secret, code)) {
      throw invalid({
        code: ['That code is not right. Check the time on your phone and try the newest code.'],
      });
    }
  } else if (kind === 'email') {
    const pending = await ctx.db
      .select()
      .from(credentials)
      .where(
        and(
          eq(credentials.user_id, user.id),
          eq(credentials.kind, 'mfa-setup'),
          isNull(credentials.revoked_at),
          gt(credentials.expires_at, ctx.now()),
        ),
      );
    const match = pending.find((row) => row.code_hash && safeEqual(row.code_hash, hashToken(code)));
    if (!match) throw invalid({ code: ['That code is not right, or it has expired. Send a new one.'] });
    await ctx.db
      .update(credentials)
      .set({ revoked_at: ctx.now() })
      .where(
        and(
          eq(credentials.user_id, user.id),
          eq(credentials.kind, 'mfa-setup'),
          isNull(credentials.revoked_at),
        ),
      );
  } else {
    throw invalid({
      kind: ['Codes by text message are not offered yet. Use an authenticator app or email.'],
    });
  }
  await ctx.db
    .update(users)
    .set({ mfa_enabled: true, mfa_kind: kind, mfa_secret: kind === 'totp' ? user.mfa_secret : null })
    .where(eq(users.id, user.id));
  await ctx.callers.usersChanged([user.id]);
  return { enabled: true as const, recovery_codes: await newRecoveryCodes(ctx, user.id) };
}

export async function replaceRecoveryCodes(ctx: AppContext, user: UserRow) {
  if (!user.mfa_enabled)
    throw new HttpError(409, 'Two-step sign-in is off, so there are no recovery codes to replace.');
  return { recovery_codes: await newRecoveryCodes(ctx, user.id) };
}

export async function disableFactor(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash)))
    throw invalid({ password: ['That password is not right.'] });
  await ctx.db
    .update(users)
    .set({ mfa_enabled: false, mfa_kind: null, mfa_secret: null, mfa_recovery_hashes: [] })
    .where(eq(users.id, user.id));
  await ctx.callers.usersChanged([user.id]);
}
