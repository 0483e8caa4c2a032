import { LoginResponseSchema, UserSchema } from '@shared/api/auth';
import { classifyLoginResponse } from '@shared/domain/auth';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/sanctum/login', payload: payload as object, headers });

describe('POST /sanctum/login (§7 Auth, §5 "Login response with a token means success")', () => {
  it('answers a token pair for the right password', async () => {
    const response = await login({ email: 'agent@demo.test', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(classifyLoginResponse(body)).toBe('success');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  });

  it.each([
    ['wrong password', { email: 'agent@demo.test', password: 'nope-nope-1' }],
    ['unknown email', { email: 'nobody@demo.test', password: DEMO_PASSWORD }],
  ])('%s: 401, and the two look alike', async (_name, payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('a deactivated user can sign in to nothing', async () => {
    const response = await login({ email: 'deactivated@demo.test', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/deactivated/);
  });

  it.each([
    ['missing fields', {}, { email: expect.any(Array), password: expect.any(Array) }],
    ['bad email', { email: 'not-an-email', password: 'x' }, { email: ['Enter a valid email address.'] }],
    [
      'unknown field',
      { email: 'agent@demo.test', password: 'x', role: 'owner' },
      { role: ['role is not a field of this request.'] },
    ],
    ['wrong type', { email: 42, password: ['x'] }, { email: expect.any(Array), password: expect.any(Array) }],
  ])('%s: 422 with per-field messages', async (_name, payload, errors) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response)).toEqual(errors);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The body is not valid JSON.', errors: {} });
  });

  it('the token works on GET /user, which answers the User of §3 with the companies it may use', async () => {
    const token = (await login({ email: 'owner@demo.test', password: DEMO_PASSWORD })).json().access_token;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const user = UserSchema.parse(response.json());
    expect(user).toMatchObject({
      email: 'owner@demo.test',
      role: 'owner',
      hasBusinessUnits: false,
      mfa_enabled: false,
    });
    expect(user.companies.map((c) => [c.name, c.role])).toEqual([
      ['Demo Motors', 'owner'],
      ['Demo Realty', 'owner'],
    ]);
    expect(user.sip_user).toBe('owner');
  });

  it('without a token GET /user is 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/^Unauthenticated/);
  });
});
