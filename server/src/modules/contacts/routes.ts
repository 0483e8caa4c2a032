/**
 * §7 Contacts: list with filters, one with its notes, create, change, delete, and the bulk delete and export.
 * Rules live in service/ (reading, writes and their checks, filters, the export) and view.ts; this file is HTTP
 * only. A contact of another company answers 404 (the route wrapper resolves the company from the record).
 */
import { CONTACT_ENDPOINTS as E } from '@shared/api/contacts';
import { pageOffset, toContactsPage } from '@shared/api/paged';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { createContact, deleteSelectedContacts, updateContact } from './service/edit';
import { exportFileName, selectedContactsCsv } from './service/export';
import { companyOfContact, contactWithNotes, listContacts, oneContact } from './service/read';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfContact(ctx.db, params.id) },
  });

  route(
    E.list,
    'contacts.view',
    async ({ company, query }) => {
      const { rows, total } = await listContacts(ctx.db, company.id, {
        filters: query.filters,
        sort: query.sort,
        dir: query.dir,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toContactsPage(rows, total, query.page, query.perPage);
    },
    { company: { query: 'companyId' } },
  );

  route(E.get, 'contacts.view', async ({ company, params }) =>
    contactWithNotes(ctx.db, company.id, params.id),
  );

  route(
    E.create,
    'contacts.manage',
    async ({ company, caller, body }) => {
      const id = await createContact(ctx.db, company.id, body, { userId: caller.user.id, now: ctx.now() });
      return oneContact(ctx.db, company.id, id);
    },
    { company: { query: 'companyId' } },
  );

  route(E.update, 'contacts.manage', async ({ company, params, body }) => {
    await updateContact(ctx.db, company.id, params.id, body, { now: ctx.now() });
    return oneContact(ctx.db, company.id, params.id);
  });

  route(E.remove, 'contacts.manage', async ({ company, params }) => {
    await deleteSelectedContacts(ctx.db, company.id, { contacts: [params.id] });
  });

  route(
    E.bulkDestroy,
    'contacts.manage',
    async ({ company, body }) => ({
      deleted: await deleteSelectedContacts(ctx.db, company.id, body),
    }),
    { company: { param: 'companyId' } },
  );

  route(
    E.bulkExport,
    'contacts.view',
    async ({ company, body, reply }) => {
      const csv = await selectedContactsCsv(ctx.db, company.id, body);
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(ctx.now())}"`)
        .send(csv);
    },
    { company: { param: 'companyId' } },
  );
}
