import { describe, expect, it } from 'vitest';
import { classifyLoginResponse } from '../domain/auth';
import {
  AUTH_ENDPOINTS,
  type BodyOf,
  CONTRACT,
  LoginResponseSchema,
  NewPasswordSchema,
  type ResponseOf,
  validationEnvelope,
} from './index';

describe('the auth contract (§7 Auth)', () => {
  it.each(Object.entries(AUTH_ENDPOINTS))(
    '%s has a method, a path under the prefix and a summary',
    (_name, call) => {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(call.method);
      expect(call.path).toMatch(/^\/[a-zA-Z_/{}-]+$/);
      expect(call.summary.length).toBeGreaterThan(10);
    },
  );

  it('lists the calls of §7 Auth', () => {
    const routes = Object.values(CONTRACT.auth).map((call) => `${call.method} ${call.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /sanctum/login',
        'POST /sanctum/mfa',
        'POST /sanctum/createTokenSession',
        'POST /sanctum/mfaToken',
        'POST /sanctum/clearTokenSessions',
        'GET /sanctum/logout',
        'GET /csrf-cookie',
        'GET /user',
        'POST /user/whats_new_read',
        'POST /password/forgot',
        'POST /password/reset',
        'GET /mfa',
        'GET /mfa/qr',
        'POST /mfa/sendCode',
        'POST /mfa/verify',
        'POST /mfa/reactivate',
        'DELETE /mfa',
      ]),
    );
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('a login body is strict: unknown fields are named, the email is normalised', () => {
    const body = AUTH_ENDPOINTS.login.body;
    expect(body.parse({ email: ' Owner@Demo.TEST ', password: 'x' })).toEqual({
      email: 'owner@demo.test',
      password: 'x',
    });
    const result = body.safeParse({ email: 'owner@demo.test', password: 'x', role: 'owner' });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(validationEnvelope(result.error).errors).toEqual({
        role: ['role is not a field of this request.'],
      });
  });

  it('§5 a login answer is a token pair or a challenge with a kind, and the domain rule agrees', () => {
    const pair = { token_type: 'Bearer', access_token: 'a', expires_in: 900, refresh_token: 'r' };
    const challenge = { kind: 'totp', mfa_token: 'm' };
    expect(LoginResponseSchema.parse(pair)).toEqual(pair);
    expect(LoginResponseSchema.parse(challenge)).toEqual(challenge);
    expect(classifyLoginResponse(pair)).toBe('success');
    expect(classifyLoginResponse(challenge)).toBe('mfa-required');
  });

  it('a reset needs matching passwords', () => {
    const body = AUTH_ENDPOINTS.passwordReset.body;
    const result = body.safeParse({
      token: 't',
      email: 'a@demo.test',
      password: 'long-enough-1',
      password_confirmation: 'different-1',
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(validationEnvelope(result.error).errors.password_confirmation).toEqual([
        'The passwords do not match.',
      ]);
  });
});

describe('NewPasswordSchema: a minimum strength, with a message per missing rule', () => {
  it.each<[string, string[]]>([
    ['demo-password-1', []],
    ['correct horse battery', []],
    ['1234567890x', []],
    ['short-1', ['Use at least 10 characters.']],
    ['onlyletterslong', ['Add a digit or a symbol.']],
    ['12345678901', ['Add a letter.']],
    ['', ['Use at least 10 characters.', 'Add a digit or a symbol.', 'Add a letter.']],
  ])('%j → %j', (password, messages) => {
    const result = NewPasswordSchema.safeParse(password);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(messages);
  });
});

describe('contract types', () => {
  it('carry the schemas through: a login body and answer are typed', () => {
    const body: BodyOf<typeof AUTH_ENDPOINTS.login> = { email: 'a@demo.test', password: 'x' };
    const answer: ResponseOf<typeof AUTH_ENDPOINTS.refresh> = {
      token_type: 'Bearer',
      access_token: 'a',
      expires_in: 1,
      refresh_token: 'r',
    };
    expect(AUTH_ENDPOINTS.login.body.parse(body).email).toBe('a@demo.test');
    expect(AUTH_ENDPOINTS.refresh.response.parse(answer)).toEqual(answer);
  });
});
