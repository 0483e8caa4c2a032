import { describe, expect, it } from 'vitest';
import {
  classifyLoginResponse,
  ERROR_MESSAGES,
  LOGIN_OUTCOMES,
  RATE_LIMIT_WARNING,
  SUCCESS_MESSAGES,
  unknownErrorMessage,
  valuesOf,
} from './index';

describe('classifyLoginResponse: §5 "Login response with a token means success; one carrying a kind means a second factor is required"', () => {
  it.each([
    [{ token_type: 'Bearer', access_token: 'abc', expires_in: 3600, refresh_token: 'def' }, 'success'],
    [{ token: 'abc' }, 'success'],
    [{ token_type: 'session', expires_in: 43200 }, 'success'],
    [{ kind: 'totp' }, 'mfa-required'],
    [{ kind: 'sms', phone: '+1•••0123' }, 'mfa-required'],
    [{ access_token: '' }, 'failed'],
    [{ kind: '' }, 'failed'],
    [{}, 'failed'],
    [null, 'failed'],
    ['ok', 'failed'],
  ])('%j → %s', (body, expected) => {
    expect(classifyLoginResponse(body)).toBe(expected);
  });

  it('§4 "Login outcomes: success, failed, logout, after-logout, password changed"', () => {
    expect(valuesOf(LOGIN_OUTCOMES)).toEqual([
      'success',
      'failed',
      'logout',
      'after-logout',
      'password-changed',
    ]);
  });
});

describe('§8 texts, word for word', () => {
  it('the rate-limit warning', () => {
    expect(RATE_LIMIT_WARNING).toBe(
      "Oops! It appears that you've reached the limit of allowed requests per second. As a result, the APP will respond at a slower speed for your subsequent requests.",
    );
  });

  it('the fallback text carries the support email', () => {
    expect(unknownErrorMessage('help@demo.test')).toBe(
      'An unknown error has occurred, please try again or contact support by emailing us at help@demo.test',
    );
  });

  it.each([
    [ERROR_MESSAGES.linkExpired, 'Link expired. Please log in.'],
    [ERROR_MESSAGES.resetLinkExpired, 'Your reset link has expired. Please try to resend it again.'],
    [ERROR_MESSAGES.importFailure, 'Import failure. Please try to import contacts once again'],
    [ERROR_MESSAGES.conversationUnauthorized, "You're not authorized to perform this action"],
    [ERROR_MESSAGES.callUpdateFailed, 'Failed to update call'],
    [ERROR_MESSAGES.removeOrgAdminFailed, 'Failed to remove Organization Admin'],
    [SUCCESS_MESSAGES.invitationResent, 'Invitation was successfully resent'],
    [SUCCESS_MESSAGES.userAccountsUpdated, 'User accounts updated successfully'],
    [SUCCESS_MESSAGES.passwordChanged, 'Your password was successfully changed'],
    [SUCCESS_MESSAGES.inAppCallingActive, 'You will receive notifications for incoming calls.'],
    [SUCCESS_MESSAGES.inAppCallingAway, 'You will not receive notifications for incoming calls.'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
