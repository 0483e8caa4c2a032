/** §7 Auth routes. Rules live in service.ts, mfa.ts and tokens.ts; this file is HTTP only. */
import { AUTH_ENDPOINTS as E, MfaKindSchema } from '@shared/api/auth';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import type { FastifyInstance } from 'fastify';
import { checkXsrf, SESSION_COOKIE, XSRF_COOKIE } from '../../http/caller';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { newToken } from '../../lib/secrets';
import { markWhatsNewRead, userOf } from '../users/service/profile';
import { disableFactor, replaceRecoveryCodes, sendSetupCode, startAuthenticator, verifyFactor } from './mfa';
import {
  checkPassword,
  completeChallenge,
  findUserByEmail,
  impersonatorOf,
  resendChallenge,
  resetPassword,
  sendResetLink,
  signUp,
  startImpersonation,
  useRefreshToken,
} from './service';
import {
  completeSignIn,
  cookieOptions,
  issueTokenPair,
  revokeAllSignIns,
  revokeCredential,
  wantsCookieSession,
} from './tokens';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.csrfCookie,
    access: 'public',
    status: 204,
    handler: async ({ reply }) => {
      // Readable by page scripts on purpose: the page echoes it in X-XSRF-TOKEN (double-submit).
      reply.setCookie(XSRF_COOKIE, newToken('session').slice(4), { ...cookieOptions(ctx), httpOnly: false });
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.login,
    access: 'public',
    handler: async ({ body, request, reply }) => {
      if (wantsCookieSession(request)) checkXsrf(request);
      const outcome = await checkPassword(ctx, {
        email: body.email,
        password: body.password,
        ip: request.ip,
      });
      if ('challenge' in outcome) return outcome.challenge;
      return completeSignIn(ctx, request, reply, outcome.user.id, body.remember ?? false);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.mfa,
    access: 'public',
    handler: async ({ body, request, reply }) => {
      if (wantsCookieSession(request)) checkXsrf(request);
      const user = await completeChallenge(ctx, body);
      return completeSignIn(ctx, request, reply, user.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaToken,
    access: 'public',
    handler: async ({ body }) => resendChallenge(ctx, body.mfa_token),
  });

  registerRoute(app, ctx, {
    endpoint: E.refresh,
    access: 'public',
    handler: async ({ body }) => {
      const impersonatorId = await impersonatorOf(ctx, body.refresh_token);
      const user = await useRefreshToken(ctx, body.refresh_token);
      return issueTokenPair(ctx, user.id, { impersonatorId });
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.createTokenSession,
    access: 'authenticated',
    handler: async ({ body, caller }) => issueTokenPair(ctx, caller.user.id, { name: body.device_name }),
  });

  registerRoute(app, ctx, {
    endpoint: E.clearTokenSessions,
    access: 'authenticated',
    handler: async ({ caller, reply }) => {
      await revokeAllSignIns(ctx, caller.user.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'You have been signed out everywhere.' };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.logout,
    access: 'authenticated',
    handler: async ({ caller, reply, request }) => {
      // The spec's sign-out is a GET; a GET is never XSRF-checked, so a link or image on another site would sign a
      // browser out. A cookie session must echo the XSRF token here too (the app's client always does); bearer
      // clients cannot be driven by another site and keep the plain GET.
      if (caller.via === 'session') checkXsrf(request);
      await revokeCredential(ctx, caller.credentialId);
      // Only the credential that made the call ends: a bearer sign-out (e.g. leaving an admin sign-in) keeps the
      // browser's own session cookie.
      if (caller.via === 'session') reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'You have been signed out.' };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.user,
    access: 'authenticated',
    handler: async ({ caller }) => userOf(ctx, caller.user.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.whatsNewRead,
    access: 'authenticated',
    handler: async ({ caller }) => {
      await markWhatsNewRead(ctx, caller.user.id);
      return userOf(ctx, caller.user.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.passwordForgot,
    access: 'public',
    handler: async ({ body }) => {
      await sendResetLink(ctx, body.email);
      return { message: 'If an account exists for that email, we sent it a link to reset the password.' };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.passwordReset,
    access: 'public',
    handler: async ({ body }) => {
      await resetPassword(ctx, body);
      return { message: SUCCESS_MESSAGES.passwordReset };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.signupCheck,
    access: 'public',
    handler: async ({ body }) => ({ available: !(await findUserByEmail(ctx, body.email)) }),
  });

  registerRoute(app, ctx, {
    endpoint: E.signup,
    access: 'public',
    status: 201,
    handler: async ({ body, request, reply }) => {
      if (wantsCookieSession(request)) checkXsrf(request);
      const user = await signUp(ctx, body);
      return completeSignIn(ctx, request, reply, user.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.impersonate,
    access: 'platform.admin',
    handler: async ({ body, caller }) => {
      const target = await startImpersonation(ctx, caller.user.id, body.user_id);
      return issueTokenPair(ctx, target.id, { impersonatorId: caller.user.id, name: 'admin sign-in' });
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaStatus,
    access: 'authenticated',
    handler: async ({ caller }) => ({
      enabled: caller.user.mfa_enabled,
      kind: caller.user.mfa_enabled ? MfaKindSchema.catch('totp').parse(caller.user.mfa_kind) : null,
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaQr,
    access: 'authenticated',
    handler: async ({ caller }) => startAuthenticator(ctx, caller.user),
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaSendCode,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      await sendSetupCode(ctx, caller.user, body.kind);
      return { message: `We sent a code to ${caller.user.email}.` };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaVerify,
    access: 'authenticated',
    handler: async ({ caller, body }) => verifyFactor(ctx, caller.user, body.kind, body.code),
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaReactivate,
    access: 'authenticated',
    handler: async ({ caller }) => replaceRecoveryCodes(ctx, caller.user),
  });

  registerRoute(app, ctx, {
    endpoint: E.mfaDisable,
    access: 'authenticated',
    handler: async ({ caller, body }) => {
      await disableFactor(ctx, caller.user, body.password);
      return { message: 'Two-step sign-in is off.' };
    },
  });
}
