import { describe, expect, it } from 'vitest';
import { COMPANY_ID_PLACEHOLDER, fillPath, NoCompanySelectedError, withSelectedCompany } from './index';

describe('withSelectedCompany: §7 "A company-id placeholder in a path or query param is replaced by the selected company id"', () => {
  it.each<[string, string, Record<string, unknown> | undefined, { path: string; params: unknown }]>([
    [
      'in the path',
      '/companies/{companyId}/conversations',
      undefined,
      { path: '/companies/42/conversations', params: undefined },
    ],
    [
      'in a query param',
      '/campaigns',
      { company_id: COMPANY_ID_PLACEHOLDER, page: 1 },
      { path: '/campaigns', params: { company_id: '42', page: 1 } },
    ],
    [
      'in both',
      '/blocks/{companyId}',
      { companyId: '{companyId}' },
      { path: '/blocks/42', params: { companyId: '42' } },
    ],
    [
      'inside an array param',
      '/x',
      { companyIds: ['{companyId}', '7'] },
      { path: '/x', params: { companyIds: ['42', '7'] } },
    ],
    ['nowhere: unchanged', '/user', { page: 1 }, { path: '/user', params: { page: 1 } }],
  ])('%s', (_name, path, params, expected) => {
    expect(withSelectedCompany(path, params, 42)).toEqual(expected);
  });

  it('without a selected company, a call that needs one fails clearly; others pass', () => {
    expect(() => withSelectedCompany('/companies/{companyId}/tags', undefined, null)).toThrow(
      NoCompanySelectedError,
    );
    expect(() => withSelectedCompany('/contacts', { companyId: COMPANY_ID_PLACEHOLDER }, undefined)).toThrow(
      'No company is selected, so /contacts cannot be called yet.',
    );
    expect(withSelectedCompany('/user', undefined, null)).toEqual({ path: '/user', params: undefined });
  });
});

describe('fillPath: contract paths with their {name} segments filled', () => {
  it.each<[string, Record<string, string | number>, string]>([
    ['/campaigns/{id}', { id: 5 }, '/campaigns/5'],
    [
      '/companies/{companyId}/in-app-calling/calls/{callId}/reject',
      { callId: 'CA 1' },
      '/companies/{companyId}/in-app-calling/calls/CA%201/reject',
    ],
    ['/companies/{companyId}/tags', { companyId: 9 }, '/companies/9/tags'],
    ['/user', {}, '/user'],
  ])('%s with %j → %s', (template, values, expected) => {
    expect(fillPath(template, values)).toBe(expected);
  });

  it('names a missing value rather than calling a wrong URL', () => {
    expect(() => fillPath('/campaigns/{id}/events')).toThrow('/campaigns/{id}/events needs a value for {id}');
  });
});
