/**
 * §7 Favorite reports and Column presets against the real server. Favorites: a person's own (reports.view),
 * saved as text and answered parsed too (§3 "value (serialized text, parsed on read)"), another person's not
 * found. Column presets (company.view): one's own and the company's shared ones listed, a name used twice for a
 * table refused (any case), and only the owner changes or deletes one (403 for someone else's shared set, 404
 * for one not shared).
 */
import { COLUMN_PRESET_MESSAGES, type ColumnPreset, type FavoriteReport } from '@shared/api/favoriteReports';
import { describe, expect, it } from 'vitest';
import { fieldErrors, sharedTestApp } from '../../testing/testApp';

const t = sharedTestApp();
const motors = () => t.ids.companies.demoMotors;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (email: string, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.as(email, { method, url, ...(payload === undefined ? {} : { payload }) });

describe('favorite reports', () => {
  const save = (email: string, name: string, value: string, company = motors()) =>
    call(email, 'POST', '/api/favorite-reports', { company_id: company, name, value });

  it('saves, lists by name, renames and deletes, with the value answered parsed', async () => {
    const value = JSON.stringify({ group: 'source', filters: { outcome: [2, 3] } });
    const created = await save('owner@demo.test', 'Missed by source', value);
    expect(created.statusCode, created.body).toBe(201);
    const favorite = created.json<FavoriteReport>();
    expect(favorite).toMatchObject({
      company_id: motors(),
      name: 'Missed by source',
      value,
      parsed: { group: 'source', filters: { outcome: [2, 3] } },
    });
    const plain = await save('owner@demo.test', 'A note', 'not json at all');
    expect(plain.json<FavoriteReport>()).toMatchObject({ value: 'not json at all', parsed: null });

    const list = await call('owner@demo.test', 'GET', `/api/favorite-reports?company_id=${motors()}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<FavoriteReport[]>().map((one) => one.name)).toEqual(['A note', 'Missed by source']);

    const renamed = await call('owner@demo.test', 'PUT', `/api/favorite-reports/${favorite.id}`, {
      name: 'Missed calls by source',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<FavoriteReport>()).toMatchObject({ name: 'Missed calls by source', value });
    const replaced = await call('owner@demo.test', 'PUT', `/api/favorite-reports/${favorite.id}`, {
      value: '[1,2]',
    });
    expect(replaced.json<FavoriteReport>()).toMatchObject({ name: 'Missed calls by source', parsed: [1, 2] });

    const removed = await call('owner@demo.test', 'DELETE', `/api/favorite-reports/${favorite.id}`);
    expect(removed.statusCode).toBe(204);
    const after = await call('owner@demo.test', 'GET', `/api/favorite-reports?company_id=${motors()}`);
    expect(after.json<FavoriteReport[]>().map((one) => one.name)).toEqual(['A note']);
    expect((await call('owner@demo.test', 'DELETE', `/api/favorite-reports/${favorite.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty name or value per field', async () => {
    const response = await save('owner@demo.test', '  ', '');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(response)).sort()).toEqual(['name', 'value']);
  });

  it('keeps each person’s own: another person’s favorite is not found, and not listed', async () => {
    const mine = (await save('reporting@demo.test', 'Reporting’s own', '{}')).json<FavoriteReport>();
    const url = `/api/favorite-reports/${mine.id}`;
    expect((await call('owner@demo.test', 'PUT', url, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call('owner@demo.test', 'DELETE', url)).statusCode).toBe(404);
    expect((await call('other@demo.test', 'PUT', url, { name: 'Taken' })).statusCode).toBe(404);
    const owners = await call('owner@demo.test', 'GET', `/api/favorite-reports?company_id=${motors()}`);
    expect(owners.json<FavoriteReport[]>().map((one) => one.id)).not.toContain(mine.id);
    expect((await call('reporting@demo.test', 'PUT', url, { name: 'Still mine' })).statusCode).toBe(200);
  });

  it('needs reports.view in the company named', async () => {
    expect((await save('agent@demo.test', 'Nope', '{}')).statusCode).toBe(403);
    expect(
      (await call('agent@demo.test', 'GET', `/api/favorite-reports?company_id=${motors()}`)).statusCode,
    ).toBe(403);
    expect((await save('owner@demo.test', 'Elsewhere', '{}', t.ids.companies.otherCo)).statusCode).toBe(404);
  });
});

describe('column presets', () => {
  const create = (email: string, payload: Record<string, unknown>) =>
    call(email, 'POST', '/api/column-presets', { company_id: motors(), table: 'numbers', ...payload });
  const listAs = async (email: string, table = 'numbers') => {
    const response = await call(email, 'GET', `/api/column-presets?company_id=${motors()}&table=${table}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ColumnPreset[]>();
  };

  it('lists one’s own and the shared ones, saying whose each is', async () => {
    const shared = await create('admin@demo.test', {
      name: 'Team view',
      columns: ['number', 'label'],
      shared: true,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json<ColumnPreset>()).toMatchObject({
      table: 'numbers',
      name: 'Team view',
      columns: ['number', 'label'],
      shared: true,
      mine: true,
      owner: { id: t.ids.users['admin@demo.test'] },
    });
    await create('admin@demo.test', { name: 'Admin only', columns: ['number'] });
    await create('agent@demo.test', { name: 'My view', columns: ['label', 'number'] });
    await call('agent@demo.test', 'POST', '/api/column-presets', {
      company_id: motors(),
      table: 'activity',
      name: 'Calls',
      columns: ['caller'],
    });

    const agents = await listAs('agent@demo.test');
    expect(agents.map((one) => [one.name, one.mine, one.shared])).toEqual([
      ['My view', true, false],
      ['Team view', false, true],
    ]);
    const all = await call('agent@demo.test', 'GET', `/api/column-presets?company_id=${motors()}`);
    expect(all.json<ColumnPreset[]>().map((one) => one.name)).toEqual(['Calls', 'My view', 'Team view']);
    const admins = await listAs('admin@demo.test');
    expect(admins.map((one) => one.name)).toEqual(['Admin only', 'Team view']);
  });

  it('refuses a name the person already uses for the table, whatever its case', async () => {
    const again = await create('agent@demo.test', { name: 'my VIEW', columns: ['number'] });
    expect(again.statusCode).toBe(422);
    expect(fieldErrors(again).name).toEqual([COLUMN_PRESET_MESSAGES.duplicateName]);
    // Another table, or another person, may use it.
    const otherTable = await create('agent@demo.test', {
      table: 'contacts',
      name: 'My view',
      columns: ['name'],
    });
    expect(otherTable.statusCode).toBe(201);
    const otherPerson = await create('owner@demo.test', { name: 'My view', columns: ['number'] });
    expect(otherPerson.statusCode).toBe(201);
    // Renaming onto a name taken is refused the same way.
    const [mine] = (await listAs('owner@demo.test')).filter((one) => one.mine);
    await create('owner@demo.test', { name: 'Second', columns: ['number'] });
    const rename = await call('owner@demo.test', 'PUT', `/api/column-presets/${mine?.id}`, {
      name: 'SECOND',
    });
    expect(rename.statusCode).toBe(422);
    expect(fieldErrors(rename).name).toEqual([COLUMN_PRESET_MESSAGES.duplicateName]);
  });

  it('lets only the owner change or delete one; another person’s unshared one is not found', async () => {
    const team = (await listAs('agent@demo.test')).find((one) => one.name === 'Team view');
    const adminOnly = (await listAs('admin@demo.test')).find((one) => one.name === 'Admin only');
    const teamUrl = `/api/column-presets/${team?.id}`;
    const hiddenUrl = `/api/column-presets/${adminOnly?.id}`;

    expect((await call('agent@demo.test', 'GET', teamUrl)).statusCode).toBe(200);
    expect((await call('agent@demo.test', 'PUT', teamUrl, { columns: ['label'] })).statusCode).toBe(403);
    expect((await call('agent@demo.test', 'DELETE', teamUrl)).statusCode).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { name: 'Mine now' } : undefined;
      expect((await call('agent@demo.test', method, hiddenUrl, payload)).statusCode, method).toBe(404);
      expect((await call('other@demo.test', method, teamUrl, payload)).statusCode, method).toBe(404);
    }

    const changed = await call('admin@demo.test', 'PUT', teamUrl, {
      columns: ['label', 'number'],
      shared: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ColumnPreset>()).toMatchObject({
      columns: ['label', 'number'],
      shared: false,
      mine: true,
    });
    // No longer shared: gone from the agent's list and not found.
    expect((await listAs('agent@demo.test')).map((one) => one.name)).toEqual(['My view']);
    expect((await call('agent@demo.test', 'GET', teamUrl)).statusCode).toBe(404);
    expect((await call('admin@demo.test', 'DELETE', teamUrl)).statusCode).toBe(204);
    expect((await call('admin@demo.test', 'GET', teamUrl)).statusCode).toBe(404);
  });

  it('refuses a bad table id, no columns and a foreign company', async () => {
    const bad = await create('agent@demo.test', { table: 'Bad Table!', name: 'X', columns: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['columns', 'table']);
    const foreign = await call('agent@demo.test', 'POST', '/api/column-presets', {
      company_id: t.ids.companies.otherCo,
      table: 'numbers',
      name: 'X',
      columns: ['number'],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
