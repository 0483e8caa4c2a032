/**
 * Helpers for the tests of contacts and what belongs to them (groups, labels): contacts of their own, made through
 * the API as a user would, and who may see and change them.
 */
import { expect } from 'vitest';
import type { TestApp } from '../../testing/testApp';

/**
 * Makes contacts through `POST /contacts`, each with a fresh name and number: `${name} 1` on
 * `(${areaCode}) 555-${first + 1}`, then 2, and so on; an area code the seed does not use keeps them apart from its
 * contacts. `payload` adds or overrides fields; by default admin@demo.test makes them in Demo Motors.
 */
export function contactMaker<Contact = { id: number }>(
  t: TestApp,
  name: string,
  areaCode: number,
  first: number,
) {
  let serial = 0;
  return async (
    payload: Record<string, unknown> = {},
    email = 'admin@demo.test',
    companyId = t.ids.companies.demoMotors,
  ): Promise<Contact> => {
    const response = await t.as(email, {
      method: 'POST',
      url: `/api/contacts?companyId=${companyId}`,
      payload: { name: `${name} ${++serial}`, number: `(${areaCode}) 555-${first + serial}`, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Contact>();
  };
}

/**
 * `contacts.view` and `contacts.manage` by role, which rule contacts and their labels alike: a reporting user
 * reads (GET 200) but may not write (POST 403), billing may not even read (403), an agent writes (POST 201).
 */
export const CONTACTS_ACCESS_BY_ROLE = [
  ['reporting@demo.test', 'GET', 200],
  ['reporting@demo.test', 'POST', 403],
  ['billing@demo.test', 'GET', 403],
  ['agent@demo.test', 'POST', 201],
] as const;
