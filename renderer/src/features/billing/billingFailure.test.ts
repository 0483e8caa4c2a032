/**
 * §8 "Billing failure other than 422: generic update-failed message for 30 s" and §9 "billing failure toast 30 s":
 * a 422 stays beside its fields; a declined card (402) shows the server's §8 payment text; anything else the
 * generic message — each for 30 s.
 */
import { BILLING_MESSAGES } from '@shared/domain/billing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { flash } from '../../ui/flash';
import { billingFailure } from './billingApi';

vi.mock('../../ui/flash', () => ({ flash: vi.fn() }));

describe('billing failures', () => {
  beforeEach(() => vi.mocked(flash).mockClear());

  it('a 422 is left to the form', () => {
    billingFailure(
      new ApiError(422, { billing_zip: ['Enter a postal code.'] }, 'The given data was invalid.'),
    );
    expect(flash).not.toHaveBeenCalled();
  });

  it.each([
    [402, BILLING_MESSAGES.cardIssuer, BILLING_MESSAGES.cardIssuer],
    [500, 'Server error', BILLING_MESSAGES.updateFailed],
    [502, 'The billing provider could not do this (503).', BILLING_MESSAGES.updateFailed],
    [0, 'Network Error', BILLING_MESSAGES.updateFailed],
  ])('%s "%s" → "%s" for 30 s', (status, message, shown) => {
    billingFailure(new ApiError(status, {}, message));
    expect(flash).toHaveBeenCalledWith('danger', shown, { autoCloseMs: 30_000, id: 'billing-failure' });
  });
});
