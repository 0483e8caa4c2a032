/**
 * The access matrix, generated from the route table: every route × every role (and anonymous) × own, foreign
 * and missing companies. Routes added by later issues join automatically; a route that declares no access
 * cannot even be registered, and a route whose company comes from a record needs a fixture here.
 * Expectations come from the shared matrix (docs/permissions.md): 401 anonymous, 404 for another company or
 * none, 403 when the role lacks the permission, anything else when it has it.
 */
import { readFileSync } from 'node:fs';
import { classifyVisit } from '@shared/domain/dni';
import { effectiveRole, PERMISSIONS, type Permission, ROLE_PERMISSIONS } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/users';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { RouteInfo } from '../app';
import {
  alerts,
  batches,
  blocks,
  calls,
  campaigns,
  columnPresets,
  companies,
  contactGroups,
  contactLabels,
  contacts,
  conversationItems,
  conversations,
  dniPools,
  dniSessions,
  dniSources,
  eavAttributes,
  favoriteReports,
  forwardContacts,
  greetings,
  invitations,
  invoices,
  marketplaceNumbers,
  notes,
  numbers,
  numberTemplates,
  organizationAdmins,
  organizationInvitations,
  organizations,
  portRequests,
  savedReplies,
  smsRegistrationFiles,
  smsRegistrations,
  users,
  yearlyUpgradeOffers,
} from '../db/schema';
import { sharedTestApp, type TestApp } from '../testing/testApp';
import { hasReferences } from './references';

/**
 * docs/permissions.md's table "Roles in a company", read as the expectations: each row a permission, a ✓ per
 * role that has it. The first test below checks it against the code's matrix, so neither can change alone.
 */
const DOCUMENTED_ROLES: readonly Role[] = ['owner', 'administrator', 'billing', 'reporting', 'user'];
function documentedMatrix(): Map<Permission, Set<Role>> {
  const page = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
  const table = page.split('## Roles in a company')[1]?.split('\n\n')[1] ?? '';
  const matrix = new Map<Permission, Set<Role>>();
  for (const line of table.split('\n').slice(2)) {
    const cells = line.split('|').slice(1, -1);
    const permission = cells[0]?.trim().split(/\s/)[0] as Permission;
    const roles = DOCUMENTED_ROLES.filter((_role, index) => cells[index + 1]?.includes('✓'));
    matrix.set(permission, new Set(roles));
  }
  return matrix;
}
const DOCUMENTED = documentedMatrix();

/** What the document says a role may do (a deactivated member, nothing). */
function documentedCan(role: Role, permission: Permission): boolean {
  return DOCUMENTED.get(permission)?.has(role) ?? false;
}

describe('docs/permissions.md', () => {
  it('its table is the code’s matrix: every company permission, every role', () => {
    const companyPermissions = (Object.keys(PERMISSIONS) as Permission[]).filter(
      (permission) => permission !== 'organization.manage' && permission !== 'platform.admin',
    );
    expect([...DOCUMENTED.keys()].sort()).toEqual([...companyPermissions].sort());
    for (const role of DOCUMENTED_ROLES) {
      const documented = companyPermissions.filter((permission) => documentedCan(role, permission));
      expect(documented.sort(), role).toEqual([...ROLE_PERMISSIONS[role]].sort());
    }
  });
});

const t = sharedTestApp();

/** Who acts, and their role in Demo Motors (the "own" company). */
const ACTORS: { email: string; role: Role }[] = [
  { email: 'owner@demo.test', role: 'owner' },
  { email: 'admin@demo.test', role: 'administrator' },
  { email: 'billing@demo.test', role: 'billing' },
  { email: 'reporting@demo.test', role: 'reporting' },
  { email: 'agent@demo.test', role: 'user' },
  { email: 'orgadmin@demo.test', role: effectiveRole({ isOrganizationAdmin: true }) as Role },
  { email: 'superadmin@demo.test', role: effectiveRole({ isPlatformAdmin: true }) as Role },
];

type Target = 'own' | 'foreign' | 'missing';

/**
 * Ids for the path parameters the route's scope does not name: a record of the own side (Demo Motors, Demo Group)
 * and one of the foreign side (Other Co, another organization). Made afresh for each request, since some routes
 * delete what they are given.
 */
let serial = 0;
const FIXTURES: Record<
  string,
  /** `actor`: who will send the request (for records only their owner may reach: a favorite, a column set). */
  (
    t: TestApp,
    actor?: string,
  ) => Promise<{
    /** A record id: a number, or text for the records named by text (a website session). */
    own: number | string;
    foreign: number | string;
    params?: Record<string, number | string>;
    /** The body naming the record, for a route whose record is in its body (`POST /notes`). */
    payload?: (id: number) => unknown;
    /** The query naming the record, for a route whose record is in its query (`GET /inbox/conversations/items`). */
    query?: (id: number) => Record<string, number>;
  }>
> = {
  // Only users with all three SIP fields get a softphone token (403 otherwise: inAppCalling.test.ts checks it).
  // The organization and platform admins have none in the seed, so give every actor a line: here the role is
  // what is checked.
  'POST /api/companies/:companyId/in-app-calling/token': async (t) => {
    await giveEveryActorALine(t);
    return { own: 0, foreign: 0 };
  },
  // Live calls (modules/voice): an outbound call from the number of either company (a line for every actor, as
  // above); the sandbox's calls by the tracked number called, and its acts on a (finished) call of each company.
  'POST /api/v1/calls/token': async (t) => {
    await giveEveryActorALine(t);
    return { ...mainLines(t), payload: (id) => ({ number_id: id, destination: '+13125550133' }) };
  },
  'POST /api/sandbox/calls': async (t) => ({
    ...mainLines(t),
    payload: (id) => ({ from: '+12025550190', to: mainLineNumber(t, id), voicemail: false }),
  }),
  'GET /api/companies/:companyId/in-app-calling/calls/:callId/can-answer-call': (t) => callPair(t),
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/reject': callPairWith({ joinToken: 'matrix' }),
  // Hold and transfers of a connected call, whichever carrier: a (finished) call of each company.
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/hold': callPairWith({ hold: true }),
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/transfer': callPairWith({
    kind: 'blind',
    to: { kind: 'extension', extension: 1 },
  }),
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/transfer/complete': (t) => callPair(t),
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/transfer/cancel': (t) => callPair(t),
  'GET /api/sandbox/calls/:id': (t) => callPair(t),
  'POST /api/sandbox/calls/:id/digits': callPairWith({ digits: '1' }),
  'POST /api/sandbox/calls/:id/hangup': (t) => callPair(t),
  'POST /api/sandbox/calls/:id/answer': async (t) => {
    await giveEveryActorALine(t);
    return callPair(t);
  },
  'POST /api/sandbox/calls/:id/hold': callPairWith({ hold: true }),
  'POST /api/sandbox/calls/:id/transfer': callPairWith({
    kind: 'blind',
    to: { kind: 'extension', extension: 1 },
  }),
  'POST /api/sandbox/calls/:id/transfer/complete': (t) => callPair(t),
  'POST /api/sandbox/calls/:id/transfer/cancel': (t) => callPair(t),
  'POST /api/users/invites/:id/resend': (t) => {
    serial++;
    return rowPair(t, invitations, (company_id, side) => ({
      company_id,
      email: `${side}${serial}@x.test`,
      name: side === 'own' ? 'Own' : 'Foreign',
      role: 'user',
      token_hash: `${side}-${serial}`,
    }));
  },
  'GET /api/users/:id': async (t) => ({
    own: t.ids.users['agent@demo.test'] ?? 0,
    foreign: t.ids.users['other@demo.test'] ?? 0,
  }),
  'PUT /api/users/:id': async (t) => ({
    own: t.ids.users['agent2@demo.test'] ?? 0,
    foreign: t.ids.users['other@demo.test'] ?? 0,
  }),
  'PUT /api/company/:id/account-status': async (t) => ({
    own: t.ids.companies.demoMotors,
    foreign: (await foreignCompany(t)) ?? 0,
  }),
  'DELETE /api/business-unit-companies/:id': async (t) => {
    const foreignOrg = await foreignOrganization(t);
    const [own, foreign] = await t.ctx.db
      .insert(companies)
      .values([
        { name: `Matrix own ${++serial}`, organization_id: t.ids.organizationId },
        { name: `Matrix foreign ${serial}`, organization_id: foreignOrg },
      ])
      .returning();
    return { own: own?.id ?? 0, foreign: foreign?.id ?? 0 };
  },
  'DELETE /api/business-units/:id/business-unit-users/:userId': async (t) => {
    const [user] = await t.ctx.db
      .insert(users)
      .values({ email: `matrix-admin-${++serial}@x.test`, name: 'Matrix Admin' })
      .returning();
    const id = user?.id ?? 0;
    await t.ctx.db.insert(organizationAdmins).values([
      { user_id: id, organization_id: t.ids.organizationId },
      { user_id: id, organization_id: await foreignOrganization(t) },
    ]);
    return { own: id, foreign: id };
  },
  // An invitation to administer Demo Group, and one to the foreign organization.
  'DELETE /api/business-units/:id/business-unit-invitations/:invitationId': async (t) => {
    const foreignOrg = await foreignOrganization(t);
    const email = `matrix-invited-${++serial}@x.test`;
    const [own, foreign] = await t.ctx.db
      .insert(organizationInvitations)
      .values([
        { organization_id: t.ids.organizationId, email, token_hash: `matrix-own-${serial}` },
        { organization_id: foreignOrg, email, token_hash: `matrix-foreign-${serial}` },
      ])
      .returning();
    return { own: own?.id ?? 0, foreign: foreign?.id ?? 0 };
  },
  // Custom fields: `:type` is an entity type (contacts, 7), not a record id.
  'POST /api/eavEntityTypes/:type/eavAttributes': async () => ({ own: 0, foreign: 0, params: { type: 7 } }),
  'PUT /api/eavEntityTypes/:type/eavAttributes/:id': (t) => customFieldPair(t),
  'DELETE /api/eavAttributes/:id': (t) => customFieldPair(t),
  'GET /api/eavAttributes/:id/countStats': (t) => customFieldPair(t),
  'GET /api/eavAttributes/:id/overrides': (t) => customFieldPair(t),
  // Contacts, groups, labels, notes: a record in Demo Motors and one in Other Co.
  'GET /api/contacts/:id': (t) => contactPair(t),
  'PATCH /api/contacts/:id': (t) => contactPair(t),
  'DELETE /api/contacts/:id': (t) => contactPair(t),
  'GET /api/groups/:id': (t) => groupPair(t),
  'PATCH /api/groups/:id': (t) => groupPair(t),
  'DELETE /api/groups/:id': (t) => groupPair(t),
  'POST /api/groups/:id/contacts': (t) => groupPair(t),
  'DELETE /api/groups/:id/contacts': (t) => groupPair(t),
  'POST /api/groups/:companyId/:groupId/all-contacts': (t) => groupPair(t),
  'PATCH /api/companies/:companyId/contactLabels/:labelId': (t) => labelPair(t),
  'DELETE /api/companies/:companyId/contactLabels/:labelId': (t) => labelPair(t),
  'POST /api/notes': async (t) => ({
    ...(await contactPair(t)),
    payload: (id) => ({ model_type: 'contact', model_id: id, body: 'Matrix note' }),
  }),
  'PUT /api/notes/:id': (t) => notePair(t),
  'DELETE /api/notes/:id': (t) => notePair(t),
  // Contact imports: a finished batch in Demo Motors and one in Other Co.
  'GET /api/companies/:companyId/contacts/progress/:batchId': (t) => importBatchPair(t),
  'GET /api/companies/:companyId/contacts/progress/:batchId/report': (t) => importBatchPair(t),
  // The sandbox's inbound text: the company is the one owning the tracked number `to` (unknown: 404).
  'POST /api/sandbox/messages': async (t) => ({
    ...mainLines(t),
    payload: (id) => ({ from: '+12025550190', to: mainLineNumber(t, id), body: 'Matrix text' }),
  }),
  // Activity: a call in Demo Motors and one in Other Co; exports by the body's company (no columns: 422, no
  // file written) and an export batch of each company.
  'GET /api/calls/:id': (t) => callPair(t),
  // Wrapping a call up (calls.handle): the same pair; tags to add or remove; caller ID of a 555 caller.
  'POST /api/calls/:id/converse': (t) => callPair(t),
  'PATCH /api/calls/:id': callPairWith({ note: 'Matrix' }),
  'POST /api/calls/:id/tags/tags': callPairWith({ tags: ['vip'] }),
  'DELETE /api/calls/:id/tags/tags': callPairWith({ tags: ['vip'] }),
  'GET /api/calls/:id/enhanced-caller-id': async (t) => ({
    ...(await callPair(t)),
    query: () => ({ lookupWhenMissing: 1 }),
  }),
  ...Object.fromEntries(
    ['calls', 'messages', 'fax', 'voicemails'].map((kind) => [
      `POST /api/${kind}/export`,
      async (t: TestApp) => ({
        own: t.ids.companies.demoMotors,
        foreign: t.ids.companies.otherCo,
        payload: (id: number) => ({ companyId: id, columns: [] }),
      }),
    ]),
  ),
  // Analytics: a report's export (an unknown grouping: 422, no job) and a dashboard widget, by the body's company.
  'POST /api/analytics/calls/export': async (t) => ({
    own: t.ids.companies.demoMotors,
    foreign: t.ids.companies.otherCo,
    payload: (id: number) => ({ companyId: id, groupBy: 'matrix' }),
  }),
  'POST /api/dashboard': async (t) => bodyCompanyPair(t, { type: 'outcomes' }),
  'GET /api/companies/:companyId/exports/:batchId': (t) => exportBatchPair(t),
  'GET /api/companies/:companyId/exports/:batchId/download': (t) => exportBatchPair(t),
  // Conversations and their items: a conversation (or a message in one) in Demo Motors and one in Other Co.
  'GET /api/inbox/conversations/items': async (t) => ({
    ...(await conversationPair(t)),
    query: (id) => ({ conversationId: id }),
  }),
  'GET /api/conversations/:id': (t) => conversationPair(t),
  'PUT /api/conversations/:id/read': (t) => conversationPair(t),
  'PUT /api/conversations/:id/unread': (t) => conversationPair(t),
  'PUT /api/conversations/:id/archive': (t) => conversationPair(t),
  'PUT /api/conversations/:id/restore': (t) => conversationPair(t),
  'PUT /api/conversations/:id/block': (t) => conversationPair(t),
  'PUT /api/conversations/:id/unblock': (t) => conversationPair(t),
  'PUT /api/conversations/:id/assign': (t) => conversationPair(t),
  'POST /api/conversations/:id/presence': (t) => conversationPair(t),
  'DELETE /api/messages/:id': (t) => itemPair(t),
  'DELETE /api/inbox/conversations/items/:id': (t) => itemPair(t),
  // Cancelling a scheduled message: a sent one answers 409 in the own company, still 404 in another.
  'DELETE /api/inbox/message/schedule/:id': (t) => itemPair(t),
  // Caller ID of a text's outside party (a 555 number the sandbox knows): a Demo Motors item and an Other Co one.
  'GET /api/messages/:id/enhanced-caller-id': async (t) => ({
    ...(await itemPair(t)),
    query: () => ({ lookupWhenMissing: 1 }),
  }),
  // Saved replies: an agent's own one in Demo Motors and a shared one in Other Co.
  'PUT /api/savedReplies/:id': (t) => savedReplyPair(t),
  'DELETE /api/savedReplies/:id': (t) => savedReplyPair(t),
  // Number configuration: a Demo Motors number and an Other Co one (PUT with an empty body changes nothing).
  'GET /api/numbers/list/:id': async (t) => mainLines(t),
  'PUT /api/numbers/:id': async (t) => mainLines(t),
  'GET /api/numbers/:id/routing-preview': async (t) => mainLines(t),
  // A number's life: a spare number of each company (releasing, keeping or rotating one changes no other test's
  // line); activation and bulk releases name no number (422 for those allowed, so nothing changes).
  'POST /api/numbers/:id/remove': (t) => spareNumberPair(t),
  'POST /api/numbers/:id/restore': (t) => spareNumberPair(t),
  'POST /api/numbers/:id/rotate': (t) => spareNumberPair(t),
  'POST /api/numbers/remove-bulk': async (t) => bodyCompanyPair(t, { number_ids: [] }),
  'PUT /api/v1/numbers': async (t) => bodyCompanyPair(t, { numbers: [0] }),
  'POST /api/numbers/datatable/export': async (t) => bodyCompanyPair(t, {}),
  // Alerts (modules/alerts): an alert of each company made afresh; a monitor's kind in the path, turned off.
  'GET /api/monitoring/alerts/:id': (t) => alertPair(t),
  'GET /api/monitoring/alerts/:id/history': (t) => alertPair(t),
  'PUT /api/monitoring/alerts/:id': async (t) => ({
    ...(await alertPair(t)),
    payload: () => ({ state: 'closed', reason: 'duplicate' }),
  }),
  'PUT /api/companies/:companyId/monitors/:kind': async () => ({
    own: 0,
    foreign: 0,
    params: { kind: 'number_limit' },
    payload: () => ({ enabled: false }),
  }),
  // Text-messaging registration (modules/registration): a blank 10DLC draft of each company, made afresh (nothing
  // to fetch for the check; a PUT, submit or numbers call without a body is a 422 for those allowed; a supporting
  // file of the own draft for its removal).
  ...Object.fromEntries(
    [
      '',
      '/brand',
      '/check',
      '/submit',
      '/cancel',
      '/add-numbers',
      '/remove-numbers',
      '/sandbox-review',
      '/supporting-files',
    ]
      .flatMap((tail) =>
        (tail === '' ? ['GET', 'PUT', 'DELETE'] : tail === '/brand' ? ['GET', 'PUT'] : ['POST']).map(
          (method) => `${method} /api/companies/:companyId/sms-verification/campaign/:id${tail}`,
        ),
      )
      .map((key) => [key, (t: TestApp) => registrationPair(t)]),
  ),
  'DELETE /api/companies/:companyId/sms-verification/campaign/:id/supporting-files/:fileId': async (t) => {
    const pair = await registrationPair(t);
    const [file] = await t.ctx.db
      .insert(smsRegistrationFiles)
      .values({
        company_id: t.ids.companies.demoMotors,
        registration_id: pair.own,
        name: 'proof.png',
        path: 'registration/0/none.png',
        content_type: 'image/png',
        size: 1,
      })
      .returning({ id: smsRegistrationFiles.id });
    return { ...pair, params: { fileId: file?.id ?? 0 } };
  },
  // Favorites and column sets (modules/favorites): the actor's own (only its owner reaches one), a new one naming
  // its company in the body.
  'POST /api/favorite-reports': async (t) => bodyCompanyPair(t, { name: 'Matrix', value: '{}' }),
  'PUT /api/favorite-reports/:id': async (t, actor) => ({
    ...(await favoritePair(t, actor)),
    payload: () => ({ name: 'Matrix renamed' }),
  }),
  'DELETE /api/favorite-reports/:id': (t, actor) => favoritePair(t, actor),
  'POST /api/column-presets': async (t) => ({
    own: t.ids.companies.demoMotors,
    foreign: t.ids.companies.otherCo,
    payload: (id) => ({ company_id: id, table: 'numbers', name: `Matrix ${++serial}`, columns: ['number'] }),
  }),
  'GET /api/column-presets/:id': (t, actor) => presetPair(t, actor),
  'PUT /api/column-presets/:id': async (t, actor) => ({
    ...(await presetPair(t, actor)),
    payload: () => ({ columns: ['label'] }),
  }),
  'DELETE /api/column-presets/:id': (t, actor) => presetPair(t, actor),
  // A DNI call report names its company in the body (modules/dni/reports).
  'POST /api/dni/reports/calls': async (t) =>
    bodyCompanyPair(t, { startDate: '2026-11-01', endDate: '2026-11-02' }),
  // A literal loopback address: refused (422) before any fetch, so the matrix never reaches the network.
  'POST /api/trackingNumbers/verifyScript': async (t) => bodyCompanyPair(t, { url: 'http://127.0.0.1:1/' }),
  'POST /api/numbers/locate-bulk': async (t) => bodyCompanyPair(t, { area_codes: ['312'], per_area_code: 1 }),
  'GET /api/numbers/remove-bulk/:id': (t) =>
    rowPair(t, batches, (company_id) => ({
      kind: 'release-numbers',
      state: 'finished',
      total_rows: 0,
      company_id,
    })),
  // Blocks: a new block names its company in the body; lifting one, a block of each company made afresh.
  'POST /api/blocks': async (t) => ({
    own: t.ids.companies.demoMotors,
    foreign: t.ids.companies.otherCo,
    payload: (id) => ({
      company_id: id,
      target: `+1646555${String(2000 + (++serial % 8000))}`,
      global: true,
    }),
  }),
  'DELETE /api/blocks/:id': (t) => blockPair(t),
  // Greetings: a text greeting of each company (no audio file: reading and deleting need none).
  'GET /api/greetings/:id': (t) => greetingPair(t),
  'DELETE /api/greetings/:id': (t) => greetingPair(t),
  // Campaigns: a draft of each company (changing one with an empty body changes nothing; pausing a draft is a 409).
  'GET /api/campaigns/:id': (t) => campaignPair(t),
  'POST /api/campaigns/:id': (t) => campaignPair(t),
  'DELETE /api/campaigns/:id': (t) => campaignPair(t),
  'POST /api/campaigns/:id/pause': (t) => campaignPair(t),
  'POST /api/campaigns/:id/resume': (t) => campaignPair(t),
  'GET /api/campaigns/:id/events': (t) => campaignPair(t),
  // Finding and buying numbers: the company is in the body (buying with no number is a 422 for those allowed,
  // so nothing is bought); a bulk purchase of each company, finished.
  'POST /api/numbers/locate': async (t) => bodyCompanyPair(t, { area_code: '312', limit: 1 }),
  'POST /api/numbers': async (t) => bodyCompanyPair(t, {}),
  'POST /api/numbers/bulk-purchase': async (t) => bodyCompanyPair(t, {}),
  'POST /api/number-limit-increase': async (t) => bodyCompanyPair(t, { requested: 30 }),
  'GET /api/numbers/bulk-purchase/:id': (t) => bulkPurchasePair(t),
  // Forwarding numbers: a new one names its company in the body (an empty entry is a 422 for those allowed); by id,
  // an entry of each company made afresh (a change with an empty body is a 422; nothing forwards to them).
  'POST /api/forward-contacts': async (t) => bodyCompanyPair(t, {}),
  'PUT /api/forward-contacts/:id': (t) => forwardContactPair(t),
  'DELETE /api/forward-contacts/:id': (t) => forwardContactPair(t),
  'GET /api/forward-contacts/:id/usage': (t) => forwardContactPair(t),
  // Ports: a pending request of each company (cancelling it works; uploading with no file is a 409, not asked).
  'GET /api/company/:companyId/ports/:id': (t) => portPair(t),
  'POST /api/company/:companyId/ports/:id/documents': (t) => portPair(t),
  'POST /api/company/:companyId/ports/:id/cancel': (t) => portPair(t),
  // Number templates: one of Demo Motors and one of Other Co (a PUT with an empty body changes nothing; an apply
  // or a delete with none is a 422 for those allowed).
  'GET /api/companies/:companyId/numberTemplates/:id': (t) => templatePair(t),
  'PUT /api/companies/:companyId/numberTemplates/:id': (t) => templatePair(t),
  'POST /api/companies/:companyId/numberTemplates/:id/apply': (t) => templatePair(t),
  // Marketplace numbers: Demo Motors' seeded unlisted one and one of Other Co (a PUT with an empty body changes
  // nothing).
  'GET /api/companies/:companyId/marketplaceNumbers/:id': (t) => marketplacePair(t),
  'GET /api/companies/:companyId/marketplaceNumbers/:id/listings': (t) => marketplacePair(t),
  'PUT /api/companies/:companyId/marketplaceNumbers/:id': (t) => marketplacePair(t),
  // Call tracking: a pool, a source and a website session of each company, made afresh (a PUT with an empty body
  // is a 422 for those allowed; a new source names its company in the body).
  'GET /api/dniPools/:poolId': (t) => dniPoolPair(t),
  'PUT /api/dniPools/:poolId': (t) => dniPoolPair(t),
  'DELETE /api/dniPools/:poolId': (t) => dniPoolPair(t),
  'POST /api/dniSources': async (t) =>
    bodyCompanyPair(t, { name: `Matrix source ${++serial}`, conditions: [{ kind: 'all' }] }),
  'PUT /api/dniSources/:id': (t) =>
    rowPair(t, dniSources, (company_id) => ({
      company_id,
      name: `Matrix source ${++serial}`,
      conditions: [],
    })),
  'DELETE /api/dniSources/:id': (t) =>
    rowPair(t, dniSources, (company_id) => ({
      company_id,
      name: `Matrix source ${++serial}`,
      conditions: [],
    })),
  'GET /api/dniTimelineEvents/:sessionId': (t) => dniSessionPair(t),
  // The number is the path's (each side's main line), the company the query's.
  'GET /api/dniTimelineEventsByNumber/:number': async () => ({
    own: '+13125550100',
    foreign: '+14155550120',
  }),
  // Billing (modules/billing): an invoice and a yearly upgrade offer of each company, made afresh.
  'GET /api/company/:id/invoices/:invoiceId/pdf': (t) =>
    rowPair(t, invoices, (company_id) => ({
      company_id,
      number: `INV-matrix-${++serial}`,
      kind: 'renewal' as const,
      status: 'paid' as const,
      issued_at: new Date(),
      period_start: new Date(),
      period_end: new Date(),
      total_cents: 100,
    })),
  'PUT /api/company/:companyId/subscription/feature/:name': async () => ({
    own: 0,
    foreign: 0,
    params: { name: 'ai-eav' },
    payload: () => ({ enabled: false }),
  }),
  'PUT /api/company/:companyId/yearly-upgrade-offers/:id': async (t) => ({
    ...(await rowPair(t, yearlyUpgradeOffers, (company_id) => ({
      company_id,
      identifier: 'premium_yearly',
      savings_cents: 29_800,
      expires_at: new Date(Date.now() + 86_400_000),
    }))),
    payload: () => ({ viewed: true }),
  }),
};

/** A session pool of each company (no numbers: nothing is lent from it). */
function dniPoolPair(t: TestApp) {
  return rowPair(t, dniPools, (company_id) => ({
    company_id,
    name: `Matrix pool ${++serial}`,
    type: 'session' as const,
    lease_minutes: 30,
    cooldown_minutes: 10,
  }));
}

/** A static pool body with one number (another company's, in the reference cases) for a source of Demo Motors. */
async function dniPoolBody(t: TestApp, numberId: number) {
  const { own } = await rowPair(t, dniSources, (company_id) => ({
    company_id,
    name: `Matrix source ${++serial}`,
    conditions: [],
  }));
  return {
    name: `Matrix pool ${++serial}`,
    type: 'static',
    numbers: [{ number_id: numberId, source_id: own }],
    target_numbers: ['3125550100'],
  };
}

/** A website session of each company (ids are text). */
async function dniSessionPair(t: TestApp) {
  const now = new Date();
  const ids = {
    own: `matrix-own-${String(++serial).padStart(12, '0')}`,
    foreign: `matrix-foreign-${String(serial).padStart(8, '0')}`,
  };
  const attribution = classifyVisit({ landingUrl: 'https://example.com/', referrer: null });
  await t.ctx.db.insert(dniSessions).values(
    (['own', 'foreign'] as const).map((side) => ({
      id: ids[side],
      company_id: side === 'own' ? t.ids.companies.demoMotors : t.ids.companies.otherCo,
      visitor_id: ids[side],
      attribution,
      started_at: now,
      last_seen_at: now,
      lease_until: now,
      hold_until: now,
    })),
  );
  return ids;
}

/** Demo Motors' seeded unlisted marketplace number, and Other Co's main line on the marketplace (made once). */
async function marketplacePair(t: TestApp) {
  const number_id = t.ids.numbers.otherMain;
  const [found] = await t.ctx.db
    .select({ id: marketplaceNumbers.id })
    .from(marketplaceNumbers)
    .where(eq(marketplaceNumbers.number_id, number_id));
  const [made] = found
    ? [found]
    : await t.ctx.db
        .insert(marketplaceNumbers)
        .values({ company_id: t.ids.companies.otherCo, number_id, asking_price_cents: 100 })
        .returning({ id: marketplaceNumbers.id });
  return { own: t.ids.marketplace.inApp, foreign: made?.id ?? 0 };
}

/** The seeded main lines' ids: Demo Motors' and Other Co's. */
function mainLines(t: TestApp) {
  return { own: t.ids.numbers.motorsMain, foreign: t.ids.numbers.otherMain };
}

/** The phone number of a main line (by its id), where the sandbox's calls and texts go; any other id, one nobody has. */
function mainLineNumber(t: TestApp, numberId: number) {
  if (numberId === t.ids.numbers.motorsMain) return '+13125550100';
  if (numberId === t.ids.numbers.otherMain) return '+14155550120';
  return '+13125550198';
}

/**
 * One row of `table` in Demo Motors and one in Other Co, inserted in that order, and their ids: `row` gives each
 * its columns from its company and its side (own or foreign).
 */
async function rowPair<Table extends PgTable & { id: PgColumn }>(
  t: TestApp,
  table: Table,
  row: (companyId: number, side: 'own' | 'foreign') => PgInsertValue<Table>,
) {
  const [own, foreign] = await t.ctx.db
    .insert(table)
    .values([row(t.ids.companies.demoMotors, 'own'), row(t.ids.companies.otherCo, 'foreign')])
    .returning({ id: table.id });
  return { own: Number(own?.id ?? 0), foreign: Number(foreign?.id ?? 0) };
}

/** A number of each company that no other test uses (in 312-555-7xxx, which the seed leaves free). */
function spareNumberPair(t: TestApp) {
  const suffix = String(7000 + (++serial % 1000));
  return rowPair(t, numbers, (company_id, side) => ({
    company_id,
    number: `+1312555${side === 'own' ? suffix : String(Number(suffix) + 1000).padStart(4, '0')}`,
    label: 'Matrix spare',
  }));
}

/** A number template in Demo Motors and one in Other Co. */
/** A blank 10DLC registration draft in Demo Motors and one in Other Co. */
function registrationPair(t: TestApp) {
  return rowPair(t, smsRegistrations, (company_id) => ({ company_id, kind: 'local' as const }));
}

function templatePair(t: TestApp) {
  const name = `Matrix template ${++serial}`;
  return rowPair(t, numberTemplates, (company_id) => ({ company_id, name }));
}

/** A conversation in Demo Motors and one in Other Co (recipients in 646, which nothing else uses). */
function conversationPair(t: TestApp) {
  const recipient = `+1646555${String(1000 + (++serial % 9000))}`;
  return rowPair(t, conversations, (company_id, side) => ({
    company_id,
    number_id: mainLines(t)[side],
    recipient,
  }));
}

/** A text in a Demo Motors conversation and one in an Other Co conversation. */
async function itemPair(t: TestApp) {
  const pair = await conversationPair(t);
  return rowPair(t, conversationItems, (company_id, side) => ({
    company_id,
    conversation_id: pair[side],
    kind: 'message',
    content: 'Hi',
  }));
}

/** agent@demo.test's own saved reply in Demo Motors (owners and administrators may change it too), one in Other Co. */
function savedReplyPair(t: TestApp) {
  return rowPair(t, savedReplies, (company_id, side) => ({
    company_id,
    user_id: side === 'own' ? (t.ids.users['agent@demo.test'] ?? null) : null,
    title: 'Matrix',
    body: 'Hi',
  }));
}

/** A finished contact import batch in Demo Motors and one in Other Co. */
function importBatchPair(t: TestApp) {
  const batch = { kind: 'contact-import', state: 'finished', file_name: 'matrix.csv', total_rows: 0 };
  return rowPair(t, batches, (company_id) => ({ ...batch, company_id }));
}

/** A route naming its company in the body: Demo Motors or Other Co, with the rest of the body. */
/** A closed alert in Demo Motors and one in Other Co (closed: any number of them may be about one subject). */
function alertPair(t: TestApp) {
  return rowPair(t, alerts, (company_id) => ({
    company_id,
    kind: 'number_limit' as const,
    subject_type: 'company' as const,
    subject_id: String(company_id),
    title: 'Matrix alert',
    state: 'closed' as const,
    reason: 'duplicate' as const,
    opened_at: new Date(),
  }));
}

/**
 * Whose a favorite or column set is: the actor's on both sides (the foreign one answers 404 by its company to all
 * but a platform admin, who may act there), owner@demo.test's for an anonymous request.
 */
const ownerOf = (t: TestApp, actor: string | undefined) => t.ids.users[actor ?? 'owner@demo.test'] ?? 0;

/** The actor's favorite report in Demo Motors and in Other Co. */
function favoritePair(t: TestApp, actor: string | undefined) {
  return rowPair(t, favoriteReports, (company_id) => ({
    company_id,
    user_id: ownerOf(t, actor),
    name: 'Matrix favorite',
    value: '{}',
  }));
}

/** The actor's column set (not shared) in Demo Motors and in Other Co. */
function presetPair(t: TestApp, actor: string | undefined) {
  const name = `Matrix preset ${++serial}`;
  return rowPair(t, columnPresets, (company_id) => ({
    company_id,
    user_id: ownerOf(t, actor),
    table_id: 'numbers',
    name,
    columns: ['number'],
  }));
}

async function bodyCompanyPair(t: TestApp, rest: Record<string, unknown>) {
  return {
    own: t.ids.companies.demoMotors,
    foreign: t.ids.companies.otherCo,
    payload: (id: number) => ({ company_id: id, ...rest }),
  };
}

/** A pending port request in Demo Motors and one in Other Co. */
function portPair(t: TestApp) {
  const request = {
    numbers: [{ number: '+17205559001', type: 1 as const }],
    losing_carrier: 'Matrix Telco',
    account_number: 'M-1',
    pin: '1234',
    authorized_name: 'Matrix',
    service_address: '1 Matrix St',
    desired_date: '2026-12-01',
  };
  return rowPair(t, portRequests, (company_id) => ({ ...request, company_id }));
}

function bulkPurchasePair(t: TestApp) {
  const batch = { kind: 'bulk-purchase', state: 'finished', total_rows: 0 };
  return rowPair(t, batches, (company_id) => ({ ...batch, company_id }));
}

/** Every actor gets a calling line (the seed's organization and platform admins have none). */
async function giveEveryActorALine(t: TestApp) {
  await t.ctx.db
    .update(users)
    .set({ sip_address: 'matrix@sip.test', sip_user: 'matrix', sip_password: 'matrix-secret' })
    .where(
      and(
        inArray(
          users.email,
          ACTORS.map((actor) => actor.email),
        ),
        isNull(users.sip_address),
      ),
    );
  // Written behind the services' back: the cache of callers must hear of it as from them.
  await t.ctx.callers.everyoneChanged();
}

/** A call in Demo Motors and one in Other Co. */
function callPair(t: TestApp) {
  const call = {
    caller: '+13125550177',
    called: '+13125550100',
    started_at: new Date('2026-11-01T10:00:00Z'),
  };
  return rowPair(t, calls, (company_id) => ({ ...call, company_id }));
}

/** `callPair`, the request about each call sending `payload`. */
function callPairWith(payload: unknown) {
  return async (t: TestApp) => ({ ...(await callPair(t)), payload: () => payload });
}

/** A running export batch in Demo Motors and one in Other Co (running: its download is 409, no file needed). */
function exportBatchPair(t: TestApp) {
  const batch = { kind: 'export-calls', state: 'running', file_name: 'calls-export.csv' };
  return rowPair(t, batches, (company_id) => ({ ...batch, company_id }));
}

/** A contact custom field in Demo Motors and one in Other Co. */
async function customFieldPair(t: TestApp) {
  const key = `matrix_field_${++serial}`;
  const pair = await rowPair(t, eavAttributes, (company_id) => ({
    company_id,
    entity_type: 7,
    name: key,
    key,
    data_type: 'boolean',
  }));
  return { ...pair, params: { type: 7 } };
}

/** A contact in Demo Motors and one in Other Co (numbers in 917, which nothing else uses). */
function contactPair(t: TestApp) {
  const number = `+1917555${String(1000 + (++serial % 9000))}`;
  return rowPair(t, contacts, (company_id) => ({ company_id, name: 'Matrix Contact', number }));
}

/** A plain contact group in Demo Motors and one in Other Co. */
function groupPair(t: TestApp) {
  const name = `Matrix group ${++serial}`;
  return rowPair(t, contactGroups, (company_id) => ({ company_id, name }));
}

/** A contact label in Demo Motors and one in Other Co. */
function labelPair(t: TestApp) {
  const label = `Matrix label ${++serial}`;
  return rowPair(t, contactLabels, (company_id) => ({ company_id, label }));
}

/** A note by agent@demo.test on a Demo Motors contact, and one on an Other Co contact (by other@demo.test). */
async function notePair(t: TestApp) {
  const records = await contactPair(t);
  return rowPair(t, notes, (company_id, side) => ({
    company_id,
    model_type: 'contact',
    model_id: records[side],
    user_id: t.ids.users[side === 'own' ? 'agent@demo.test' : 'other@demo.test'] ?? null,
    body: 'Matrix note',
  }));
}

/** A global block in Demo Motors and one in Other Co (callers in 646, which nothing else blocks). */
function blockPair(t: TestApp) {
  const target = `+1646555${String(2000 + (++serial % 8000))}`;
  return rowPair(t, blocks, (company_id) => ({ company_id, target, global: true }));
}

/** A forwarding number in Demo Motors and one in Other Co (numbers in 628, which nothing else uses). */
function forwardContactPair(t: TestApp) {
  const number = `+1628555${String(1000 + (++serial % 9000))}`;
  return rowPair(t, forwardContacts, (company_id) => ({ company_id, name: 'Matrix forward', number }));
}

/** A text greeting in Demo Motors and one in Other Co. */
function greetingPair(t: TestApp) {
  const greeting = { name: `Matrix greeting ${++serial}`, content: 'Hello', voice: 'en-us' };
  return rowPair(t, greetings, (company_id) => ({ ...greeting, company_id }));
}

/** A draft campaign in Demo Motors and one in Other Co. */
function campaignPair(t: TestApp) {
  const title = `Matrix campaign ${++serial}`;
  return rowPair(t, campaigns, (company_id) => ({ company_id, title }));
}

/** A company of the foreign organization. */
async function foreignCompany(t: TestApp): Promise<number | undefined> {
  const [company] = await t.ctx.db
    .insert(companies)
    .values({ name: `Matrix foreign ${++serial}`, organization_id: await foreignOrganization(t) })
    .returning();
  return company?.id;
}

let foreignOrgId: number | undefined;
/** An organization none of the actors administers (a platform admin administers all). */
async function foreignOrganization(t: TestApp): Promise<number> {
  if (foreignOrgId) return foreignOrgId;
  const [org] = await t.ctx.db.insert(organizations).values({ name: 'Foreign Group' }).returning();
  await t.ctx.db
    .insert(organizationAdmins)
    .values({ user_id: t.ids.users['other@demo.test'] ?? 0, organization_id: org?.id ?? 0 });
  await t.ctx.callers.usersChanged([t.ids.users['other@demo.test'] ?? 0]);
  foreignOrgId = org?.id ?? 0;
  return foreignOrgId;
}

const MISSING = 999_999;

async function scopeIdFor(target: Target, kind: 'company' | 'organization'): Promise<number> {
  if (target === 'missing') return MISSING;
  if (kind === 'company') return target === 'own' ? t.ids.companies.demoMotors : t.ids.companies.otherCo;
  return target === 'own' ? t.ids.organizationId : foreignOrganization(t);
}

async function requestFor(route: RouteInfo, target: Target, actor?: string) {
  const key = `${route.method} ${route.url}`;
  const records = FIXTURES[key] ? await FIXTURES[key](t, actor) : undefined;
  const [kind, name] = (route.companyFrom ?? route.organizationFrom ?? '').split(':');
  const scope = route.companyFrom ? 'company' : 'organization';
  const scopeId = await scopeIdFor(target, scope);
  const url = route.url.replace(/:(\w+)/g, (_m, param: string) => {
    if (kind === 'param' && param === name) return String(scopeId);
    // A fixture may give a parameter that is not a record id (an entity type) its own value.
    if (records?.params?.[param] !== undefined) return String(records.params[param]);
    if (!records) {
      // Unscoped routes (about the caller's own records) are only called anonymously here.
      if (!route.companyFrom && !route.organizationFrom) return String(MISSING);
      throw new Error(`${key}: add a fixture for :${param} to FIXTURES`);
    }
    return String(target === 'own' ? records.own : target === 'foreign' ? records.foreign : MISSING);
  });
  // Fixtures with text ids name their record in the path only, so the body and query helpers take numbers.
  const recordId = (
    records ? (target === 'own' ? records.own : target === 'foreign' ? records.foreign : MISSING) : MISSING
  ) as number;
  const recordQuery = records?.query?.(recordId);
  const query =
    kind === 'query'
      ? `?${name}=${scopeId}`
      : recordQuery
        ? `?${Object.entries(recordQuery)
            .map(([key, value]) => `${key}=${value}`)
            .join('&')}`
        : '';
  return {
    method: route.method as 'GET',
    url: `${url}${query}`,
    payload: route.method === 'GET' ? undefined : (records?.payload?.(recordId) ?? {}),
  };
}

describe('every route declares its access', () => {
  it('the route table is not empty and every route has an access', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    for (const route of t.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('registering a route without one fails', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp(t.ctx, { logger: false });
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('every scoped route with an id the path does not name as its company has a fixture here', () => {
    for (const route of t.app.routeTable.filter((r) => r.companyFrom || r.organizationFrom)) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const from = route.companyFrom ?? route.organizationFrom ?? '';
      const companyParam = from.startsWith('param:') ? from.slice(6) : undefined;
      if (params.some((param) => param !== companyParam)) {
        expect(FIXTURES, `${route.method} ${route.url}`).toHaveProperty([`${route.method} ${route.url}`]);
      }
    }
  });
});

describe('anonymous callers', () => {
  it('get 401 from every route that is not public', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
      const response = await t.app.inject(await requestFor(route, 'own'));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

/** Calls every route as `email` against the own, a foreign and a missing scope, and hands each answer to `check`. */
async function eachTarget(
  email: string,
  routes: RouteInfo[],
  check: (route: RouteInfo, target: Target, status: number, where: string) => void,
): Promise<void> {
  for (const route of routes) {
    for (const target of ['foreign', 'missing', 'own'] as const) {
      const response = await t.as(email, await requestFor(route, target, email));
      check(
        route,
        target,
        response.statusCode,
        `${email} ${route.method} ${route.url} (${target}) → ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  }
}

/** Each actor makes three requests per scoped route (hundreds in all): seconds alone, more on a busy machine. */
const MATRIX_TIMEOUT = 60_000;

describe('company-scoped routes: role × own, foreign and missing companies', () => {
  it.each(ACTORS)(
    '$email ($role)',
    async ({ email, role }) => {
      const routes = t.app.routeTable.filter((r) => r.companyFrom);
      expect(routes.length).toBeGreaterThan(5);
      await eachTarget(email, routes, (route, target, status, where) => {
        const superadmin = email === 'superadmin@demo.test';
        if (target === 'missing' || (target === 'foreign' && !superadmin)) expect(status, where).toBe(404);
        // 'authenticated' on a company route: any member of the company (the account's standing notice).
        else if (route.access !== 'authenticated' && !documentedCan(role, route.access as Permission))
          expect(status, where).toBe(403);
        else expect([401, 403, 404, 500], where).not.toContain(status);
      });
    },
    MATRIX_TIMEOUT,
  );
});

describe('ids beyond the database’s range', () => {
  // Every id column is a PostgreSQL integer: an id above it names no record and must be refused (422) or not
  // found (404), never reach a query and fail there (500). Every path parameter of every route, one at a time.
  it(
    'answer 404 or 422 in every path parameter of every route',
    async () => {
      const TOO_LARGE = '2147483648';
      let tried = 0;
      for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url.includes(':'))) {
        const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
        for (const param of params) {
          const base = await requestFor(route, 'own');
          // The built path has the pattern's segments: put the too-large id in this parameter's segment.
          const [path, search] = base.url.split('?');
          const segments = (path ?? '').split('/');
          segments[route.url.split('/').indexOf(`:${param}`)] = TOO_LARGE;
          const url = `${segments.join('/')}${search ? `?${search}` : ''}`;
          const response = await t.as('owner@demo.test', { ...base, url });
          tried++;
          expect(
            [404, 422],
            `${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 160)}`,
          ).toContain(response.statusCode);
        }
      }
      expect(tried).toBeGreaterThan(40);
    },
    MATRIX_TIMEOUT,
  );
});

/**
 * Every route whose body holds a reference (`reference(kind)` in the contract) with another company's record in
 * it: Demo Motors' owner sends Other Co's greeting, number, label, trigger or user, and the answer is a 422 naming
 * that field. A route that gains a reference needs a case here (the first test says which).
 */
const FOREIGN_REFERENCES: Record<
  string,
  (t: TestApp) => Promise<{ url: string; payload: Record<string, unknown>; field: string }>
> = {
  'POST /api/companies/:companyId/contactLabels/bulkAddLabel': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/contactLabels/bulkAddLabel`,
    payload: { label_id: await otherCompanyRow(t, 'contact_labels'), contacts: [1] },
    field: 'label_id',
  }),
  'POST /api/companies/:companyId/contactLabels/bulkRemoveLabel': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/contactLabels/bulkRemoveLabel`,
    payload: { label_id: await otherCompanyRow(t, 'contact_labels'), contacts: [1] },
    field: 'label_id',
  }),
  'PUT /api/numbers/:id': async (t) => ({
    url: `/api/numbers/${t.ids.numbers.motorsMain}`,
    payload: { greeting: { greeting_id: await otherCompanyRow(t, 'greetings') } },
    field: 'greeting.greeting_id',
  }),
  'POST /api/companies/:companyId/marketplaceNumbers': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/marketplaceNumbers`,
    payload: { number_id: t.ids.numbers.otherMain, asking_price_cents: 100 },
    field: 'number_id',
  }),
  'PUT /api/companies/:companyId/triggers': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/triggers`,
    payload: {
      upsert: [
        { number_id: t.ids.numbers.otherMain, event: 'call.missed', action: 'email', target: 'a@b.co' },
      ],
    },
    field: 'upsert.0.number_id',
  }),
  'POST /api/companies/:companyId/dniPools': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/dniPools`,
    payload: await dniPoolBody(t, t.ids.numbers.otherMain),
    field: 'numbers.0.number_id',
  }),
  'PUT /api/dniPools/:poolId': async (t) => ({
    url: `/api/dniPools/${(await dniPoolPair(t)).own}`,
    payload: await dniPoolBody(t, t.ids.numbers.otherMain),
    field: 'numbers.0.number_id',
  }),
  'POST /api/companies/:companyId/numberTemplates': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/numberTemplates`,
    payload: { name: `Matrix ${++serial}`, greeting: { greeting_id: await otherCompanyRow(t, 'greetings') } },
    field: 'greeting.greeting_id',
  }),
  'PUT /api/companies/:companyId/numberTemplates/:id': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/numberTemplates/${(await templatePair(t)).own}`,
    payload: { routes: [{ type: 'in-app-calling', members: [t.ids.users['other@demo.test']] }] },
    field: 'routes.0.members.0',
  }),
  ...Object.fromEntries(
    ['add-numbers', 'remove-numbers'].map((action) => [
      `POST /api/companies/:companyId/sms-verification/campaign/:id/${action}`,
      async (t: TestApp) => ({
        url: `/api/companies/${t.ids.companies.demoMotors}/sms-verification/campaign/${(await registrationPair(t)).own}/${action}`,
        payload: { numbers: [t.ids.numbers.otherMain] },
        field: 'numbers.0',
      }),
    ]),
  ),
  'POST /api/blocks': async (t) => ({
    url: '/api/blocks',
    payload: {
      company_id: t.ids.companies.demoMotors,
      target: '+12025550199',
      number_id: t.ids.numbers.otherMain,
    },
    field: 'number_id',
  }),
  'PUT /api/conversations/:id/assign': async (t) => ({
    url: `/api/conversations/${await ownConversation(t)}/assign`,
    payload: { user_id: t.ids.users['other@demo.test'] },
    field: 'user_id',
  }),
  'POST /api/companies/:companyId/in-app-calling/calls/:callId/transfer': async (t) => ({
    url: `/api/companies/${t.ids.companies.demoMotors}/in-app-calling/calls/${(await callPair(t)).own}/transfer`,
    payload: { kind: 'blind', to: { kind: 'agent', user_id: t.ids.users['other@demo.test'] } },
    field: 'to.user_id',
  }),
  'POST /api/campaigns/preview': async (t) => ({
    url: `/api/campaigns/preview?company_id=${t.ids.companies.demoMotors}`,
    payload: { groups: [(await groupPair(t)).foreign] },
    field: 'groups.0',
  }),
  'POST /api/sandbox/calls/:id/transfer': async (t) => ({
    url: `/api/sandbox/calls/${(await callPair(t)).own}/transfer`,
    payload: { kind: 'blind', to: { kind: 'agent', user_id: t.ids.users['other@demo.test'] } },
    field: 'to.user_id',
  }),
};

/** The id of a row of `table` that belongs to Other Co (one is made when the seed has none). */
async function otherCompanyRow(t: TestApp, table: 'contact_labels' | 'greetings'): Promise<number> {
  const company_id = t.ids.companies.otherCo;
  const [row] =
    table === 'greetings'
      ? await t.ctx.db
          .insert(greetings)
          .values({ company_id, name: `Other ${++serial}` })
          .returning()
      : await t.ctx.db
          .insert(contactLabels)
          .values({ company_id, label: `Other ${++serial}` })
          .returning();
  return row?.id ?? 0;
}

/** The id of a conversation of Demo Motors. */
async function ownConversation(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.company_id, t.ids.companies.demoMotors))
    .limit(1);
  return row?.id ?? 0;
}

describe('ids of another company inside bodies', () => {
  it('every route whose body names records has a case here', () => {
    const withReferences = t.app.routeTable
      .filter((route) => route.contract?.body && hasReferences(route.contract.body))
      .map((route) => `${route.method} ${route.url}`);
    expect(withReferences.length).toBeGreaterThan(5);
    expect(withReferences.sort()).toEqual(Object.keys(FOREIGN_REFERENCES).sort());
  });

  it.each(Object.keys(FOREIGN_REFERENCES))('%s answers 422 naming the field', async (key) => {
    const { url, payload, field } = await (FOREIGN_REFERENCES[key] as (typeof FOREIGN_REFERENCES)[string])(t);
    const method = key.split(' ')[0] as 'POST' | 'PUT';
    const response = await t.as('owner@demo.test', { method, url, payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  });
});

describe('organization routes: admins of that organization (or a platform admin) only', () => {
  it.each(ACTORS)(
    '$email',
    async ({ email }) => {
      const routes = t.app.routeTable.filter((r) => r.organizationFrom);
      expect(routes.length).toBeGreaterThan(5);
      await eachTarget(email, routes, (_route, target, status, where) => {
        const superadmin = email === 'superadmin@demo.test';
        const allowed =
          target !== 'missing' && (superadmin || (target === 'own' && email === 'orgadmin@demo.test'));
        if (allowed) expect([401, 403, 404, 500], where).not.toContain(status);
        else expect(status, where).toBe(404);
      });
    },
    MATRIX_TIMEOUT,
  );
});

describe('platform routes', () => {
  it('only a platform admin passes', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access === 'platform.admin')) {
      for (const { email } of ACTORS) {
        const response = await t.as(email, await requestFor(route, 'own'));
        const where = `${email} ${route.method} ${route.url} → ${response.statusCode}`;
        if (email === 'superadmin@demo.test') expect([401, 403], where).not.toContain(response.statusCode);
        else expect(response.statusCode, where).toBe(403);
      }
    }
  });
});
