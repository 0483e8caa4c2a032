/**
 * In-app calling (§7): softphone access tokens, who may take a company's calls, and each user's status there.
 * A Twilio access token with a Voice grant when Twilio's voice settings are configured; else a sandbox token,
 * HMAC-signed like media URLs (media/urls.ts), naming the user, the company and the expiry, which the sandbox
 * carrier checks with `verifySandboxCallingToken`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CALLING_TOKEN_TTL_SECONDS,
  type CallingStatus,
  type CallingToken,
  type CallingUser,
  callingIdentity,
} from '@shared/api/inAppCalling';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { type Permission, roleCan } from '@shared/domain/permissions';
import { canUserCall, type InAppCallingStatus, ROLES, type Role } from '@shared/domain/users';
import { channels, EVENTS, type PresenceChangedPayload } from '@shared/realtime';
import { and, asc, eq, gte, inArray, isNotNull, type SQLWrapper } from 'drizzle-orm';
import twilio from 'twilio';
import { calls, memberships, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { conflict, forbidden, HttpError } from '../../lib/errors';
import { CALL_IN_PROGRESS_LIMIT_MS, isCallInProgress } from './onCall';

/** The permission that lets a role take and place calls, and so have a status and a token. */
export const CALLING_PERMISSION: Permission = 'calls.handle';

/** The roles whose members may take calls (owner, administrator, user). */
export const CALLING_ROLES: readonly Role[] = ROLES.map((role) => role.value).filter((role) =>
  roleCan(role, CALLING_PERMISSION),
);

export const NO_CALLING_LINE =
  'Your user has no calling line set up: ask an administrator to fill in the SIP address, user and password.';
export const NOT_A_MEMBER =
  'You are not a member of this company, so its calls never ring you and you have no calling status here.';
export const TWILIO_VOICE_MISSING =
  'In-app calling with Twilio needs TWILIO_API_KEY, TWILIO_API_SECRET and TWILIO_TWIML_APP_SID on the server.';

// Tests and `npm start` always configure one; a bare buildApp without it still signs, for its own lifetime.
const processSecret = randomBytes(32).toString('hex');

/** A key of its own, derived from the media secret, so a calling token can never pass for a media signature. */
function tokenKey(ctx: AppContext): Buffer {
  return createHmac('sha256', ctx.config.mediaSecret ?? processSecret)
    .update('in-app-calling token')
    .digest();
}

const SANDBOX_PREFIX = 'sbx1';

interface SandboxClaims {
  /** user id, company id, identity, expiry (ms since the epoch). */
  u: number;
  c: number;
  i: string;
  exp: number;
}

function sign(ctx: AppContext, body: string): string {
  return createHmac('sha256', tokenKey(ctx)).update(body).digest('base64url');
}

/** `sbx1.<claims, base64url JSON>.<HMAC-SHA256, base64url>`. */
export function signSandboxCallingToken(ctx: AppContext, claims: SandboxClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${SANDBOX_PREFIX}.${body}.${sign(ctx, body)}`;
}

/** Checks a sandbox token: its claims, `expired`, or `invalid` (tampered, malformed, or another server's). */
export function verifySandboxCallingToken(
  ctx: AppContext,
  token: string,
):
  | { status: 'ok'; userId: number; companyId: number; identity: string; expiresAt: Date }
  | { status: 'expired' | 'invalid' } {
  const [prefix, body, sig, ...rest] = token.split('.');
  if (prefix !== SANDBOX_PREFIX || !body || !sig || rest.length) return { status: 'invalid' };
  const expected = Buffer.from(sign(ctx, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: 'invalid' };
  let claims: SandboxClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxClaims;
  } catch {
    return { status: 'invalid' };
  }
  if (
    !Number.isSafeInteger(claims.u) ||
    !Number.isSafeInteger(claims.c) ||
    typeof claims.i !== 'string' ||
    typeof claims.exp !== 'number'
  )
    return { status: 'invalid' };
  if (claims.exp <= ctx.now().getTime()) return { status: 'expired' };
  return {
    status: 'ok',
    userId: claims.u,
    companyId: claims.c,
    identity: claims.i,
    expiresAt: new Date(claims.exp),
  };
}

/** The caller's softphone token for a company. Refused (403) without all three SIP fields (§3). */
export function callingToken(
  ctx: AppContext,
  user: { id: number; sip_address: string | null; sip_user: string | null; sip_password: string | null },
  companyId: number,
): CallingToken {
  if (!canUserCall(user)) throw forbidden(NO_CALLING_LINE);
  const identity = callingIdentity(user.id);
  const expiresAt = new Date(ctx.now().getTime() + CALLING_TOKEN_TTL_SECONDS * 1000);
  const account = ctx.config.twilio;
  if (account) {
    // With Twilio as the carrier the sandbox is off, so a sandbox token would ring nothing.
    if (!account.voice) throw new HttpError(503, TWILIO_VOICE_MISSING);
    const { AccessToken } = twilio.jwt;
    const token = new AccessToken(account.accountSid, account.voice.apiKey, account.voice.apiSecret, {
      identity,
      ttl: CALLING_TOKEN_TTL_SECONDS,
    });
    token.addGrant(
      new AccessToken.VoiceGrant({
        outgoingApplicationSid: account.voice.twimlAppSid,
        incomingAllow: true,
      }),
    );
    return { kind: 'twilio', token: token.toJwt(), identity, expires_at: expiresAt.toISOString() };
  }
  const token = signSandboxCallingToken(ctx, {
    u: user.id,
    c: companyId,
    i: identity,
    exp: expiresAt.getTime(),
  });
  return { kind: 'sandbox', token, identity, expires_at: expiresAt.toISOString() };
}

/** Who of `members` (the user ids a query selects) is on a call of the company now (isCallInProgress). */
async function onCallAmong(ctx: AppContext, companyId: number, members: SQLWrapper): Promise<Set<number>> {
  const now = ctx.now();
  // No call connected longer ago than the limit can count, so older calls need not be read at all.
  const since = new Date(now.getTime() - CALL_IN_PROGRESS_LIMIT_MS);
  const rows = await ctx.db
    .select({ userId: calls.user_id, events: calls.events })
    .from(calls)
    .where(
      and(
        eq(calls.company_id, companyId),
        isNotNull(calls.user_id),
        inArray(calls.user_id, members),
        gte(calls.started_at, since),
      ),
    );
  const busy = new Set<number>();
  for (const row of rows) if (row.userId !== null && isCallInProgress(row, now)) busy.add(row.userId);
  return busy;
}

/**
 * The company's members who may take calls: a role with calls.handle, an active user, and all three SIP fields
 * (without them no token, so no softphone to ring). By name. Routing asks this for every call that arrives, so
 * the members and who of them is on a call are read at once (the second asks of every member with a calling
 * role, leaving the SIP and state checks to the first), not one after the other.
 */
export async function callingUsers(ctx: AppContext, companyId: number): Promise<CallingUser[]> {
  const withCallingRole = and(
    eq(memberships.company_id, companyId),
    inArray(memberships.role, [...CALLING_ROLES]),
  );
  const [rows, busy] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        state: users.state,
        status: memberships.in_app_calling_status,
        sip_address: users.sip_address,
        sip_user: users.sip_user,
        sip_password: users.sip_password,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.user_id))
      .where(withCallingRole)
      .orderBy(asc(users.name), asc(users.id)),
    onCallAmong(
      ctx,
      companyId,
      ctx.db.select({ id: memberships.user_id }).from(memberships).where(withCallingRole),
    ),
  ]);
  const members = rows.filter((row) => row.state === 'active' && canUserCall(row));
  return members.map((member) => ({
    id: member.id,
    name: member.name,
    status: asStatus(member.status),
    on_call: busy.has(member.id),
  }));
}

function asStatus(value: string | null | undefined): InAppCallingStatus {
  return value === 'active' ? 'active' : 'away';
}

function statusAnswer(status: InAppCallingStatus): CallingStatus {
  return {
    status,
    message: status === 'active' ? SUCCESS_MESSAGES.inAppCallingActive : SUCCESS_MESSAGES.inAppCallingAway,
  };
}

/** The user's status in the company: away when they are not a member (an organization or platform admin). */
export async function callingStatus(
  ctx: AppContext,
  userId: number,
  companyId: number,
): Promise<CallingStatus> {
  const [row] = await ctx.db
    .select({ status: memberships.in_app_calling_status })
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.company_id, companyId)));
  return statusAnswer(asStatus(row?.status));
}

/**
 * Sets the user's status in the company and publishes `presence.changed` on their channel and the company's
 * (every time, even when unchanged, so a window that missed an event catches up). A non-member has no status
 * to set (409): acting in a company through an organization or the platform does not make calls ring you there.
 */
export async function setCallingStatus(
  ctx: AppContext,
  userId: number,
  companyId: number,
  status: InAppCallingStatus,
): Promise<CallingStatus> {
  const updated = await ctx.db
    .update(memberships)
    .set({ in_app_calling_status: status })
    .where(and(eq(memberships.user_id, userId), eq(memberships.company_id, companyId)))
    .returning({ userId: memberships.user_id });
  if (!updated.length) throw conflict(NOT_A_MEMBER);
  // GET /user lists the status in each company.
  await ctx.callers.usersChanged([userId]);
  const payload: PresenceChangedPayload = { user_id: userId, company_id: companyId, status };
  await ctx.realtime.publish(channels.users(userId), EVENTS.presenceChanged, payload);
  await ctx.realtime.publish(channels.companies(companyId), EVENTS.presenceChanged, payload);
  return statusAnswer(status);
}
