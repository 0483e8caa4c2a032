/**
 * §7 Auth routes. Rules live in service.ts, signup.ts, verification.ts, mfa.ts and tokens.ts; this file is HTTP
 * only.
 */
import { AUTH_ENDPOINTS as E, MfaKindSchema } from '@shared/api/auth';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/domain/auth';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import { checkXsrf, clientAddress, SESSION_COOKIE, XSRF_COOKIE } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { newToken } from '../../lib/secrets';
import { callerUser, markWhatsNewRead, userOf } from '../users/service/profile';
import { disableFactor, replaceRecoveryCodes, sendSetupCode, startAuthenticator, verifyFactor } from './mfa';
import {
  checkPassword,
  completeChallenge,
  RESET_REQUESTS_PER_ADDRESS,
  refreshTokenPair,
  resendChallenge,
  resetPassword,
  sendResetLink,
  startImpersonation,
} from './service';
import { SIGNUP_ALLOWANCE, signUp } from './signup';
import {
  completeSignIn,
  cookieOptions,
  issueTokenPair,
  revokeAllSignIns,
  revokeCredential,
  wantsCookieSession,
} from './tokens';
import { resendVerificationLink, verifyEmail } from './verification';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx);

  route(E.csrfCookie, 'public', async ({ reply }) => {
    // Readable by page scripts on purpose: the page echoes it in X-XSRF-TOKEN (double-submit).
    reply.setCookie(XSRF_COOKIE, newToken('session').slice(4), { ...cookieOptions(ctx), httpOnly: false });
  });

  route(E.login, 'public', async ({ body, request, reply }) => {
    if (wantsCookieSession(request)) checkXsrf(request);
    const outcome = await checkPassword(ctx, {
      email: body.email,
      password: body.password,
      address: clientAddress(request),
    });
    if ('challenge' in outcome) return outcome.challenge;
    return completeSignIn(ctx, request, reply, outcome.user.id, body.remember ?? false);
  });

  route(E.mfa, 'public', async ({ body, request, reply }) => {
    if (wantsCookieSession(request)) checkXsrf(request);
    const user = await completeChallenge(ctx, body);
    return completeSignIn(ctx, request, reply, user.id);
  });

  route(E.mfaToken, 'public', async ({ body }) => resendChallenge(ctx, body.mfa_token));

  route(E.refresh, 'public', async ({ body }) => refreshTokenPair(ctx, body.refresh_token));

  route(E.createTokenSession, 'authenticated', async ({ body, caller }) =>
    issueTokenPair(ctx, caller.user.id, { name: body.device_name }),
  );

  route(E.clearTokenSessions, 'authenticated', async ({ caller, reply }) => {
    await revokeAllSignIns(ctx, caller.user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been signed out everywhere.' };
  });

  route(E.logout, 'authenticated', async ({ caller, reply, request }) => {
    // The spec's sign-out is a GET; a GET is never XSRF-checked, so a link or image on another site would sign a
    // browser out. A cookie session must echo the XSRF token here too (the app's client always does); bearer
    // clients cannot be driven by another site and keep the plain GET.
    if (caller.via === 'session') checkXsrf(request);
    await revokeCredential(ctx, caller.credentialId);
    // Only the credential that made the call ends: a bearer sign-out (e.g. leaving an admin sign-in) keeps the
    // browser's own session cookie.
    if (caller.via === 'session') reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been signed out.' };
  });

  // Built from what the caller was resolved with (cached per instance: http/callerCache.ts), no query.
  route(E.user, 'authenticated', async ({ caller }) => callerUser(caller));

  route(E.whatsNewRead, 'authenticated', async ({ caller }) => {
    await markWhatsNewRead(ctx, caller.user.id);
    return userOf(ctx, caller.user.id);
  });

  route(
    E.passwordForgot,
    'public',
    async ({ body }) => {
      await sendResetLink(ctx, body.email);
      return { message: 'If an account exists for that email, we sent it a link to reset the password.' };
    },
    { rateLimit: RESET_REQUESTS_PER_ADDRESS },
  );

  route(E.passwordReset, 'public', async ({ body }) => {
    await resetPassword(ctx, body);
    return { message: SUCCESS_MESSAGES.passwordReset };
  });

  // The route wrapper checks the form by the sign-up's rules (422 per field); nothing is looked up (signup.ts).
  route(E.signupCheck, 'public', async () => {});

  route(
    E.signup,
    'public',
    async ({ body, request, reply }) => {
      if (wantsCookieSession(request)) checkXsrf(request);
      const user = await signUp(ctx, body);
      return completeSignIn(ctx, request, reply, user.id);
    },
    { rateLimit: SIGNUP_ALLOWANCE },
  );

  route(E.verifyEmail, 'public', async ({ body }) => {
    await verifyEmail(ctx, body.token);
    return { message: EMAIL_VERIFICATION_MESSAGES.verified };
  });

  route(E.resendVerification, 'authenticated', async ({ caller }) => ({
    message: await resendVerificationLink(ctx, caller.user.id),
  }));

  route(E.impersonate, 'platform.admin', async ({ body, caller }) => {
    const target = await startImpersonation(ctx, caller.user.id, body.user_id);
    return issueTokenPair(ctx, target.id, { impersonatorId: caller.user.id, name: 'admin sign-in' });
  });

  route(E.mfaStatus, 'authenticated', async ({ caller }) => ({
    enabled: caller.user.mfa_enabled,
    kind: caller.user.mfa_enabled ? MfaKindSchema.catch('totp').parse(caller.user.mfa_kind) : null,
  }));

  route(E.mfaQr, 'authenticated', async ({ caller }) => startAuthenticator(ctx, caller.user));

  route(E.mfaSendCode, 'authenticated', async ({ caller, body }) => {
    await sendSetupCode(ctx, caller.user, body.kind);
    return { message: `We sent a code to ${caller.user.email}.` };
  });

  route(E.mfaVerify, 'authenticated', async ({ caller, body }) =>
    verifyFactor(ctx, caller.user, body.kind, body.code),
  );

  route(E.mfaReactivate, 'authenticated', async ({ caller }) => replaceRecoveryCodes(ctx, caller.user));

  route(E.mfaDisable, 'authenticated', async ({ caller, body }) => {
    await disableFactor(ctx, caller.user, body.password);
    return { message: 'Two-step sign-in is off.' };
  });
}
