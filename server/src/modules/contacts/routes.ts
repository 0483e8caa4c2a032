/**
 * §7 Contacts: list with filters, one with its notes, create, change, delete, and the bulk delete and export.
 * Rules live in service/ (reading, writes and their checks, filters, the export) and view.ts; this file is HTTP
 * only. A contact of another company answers 404 (the route wrapper resolves the company from the record).
 */
import { CONTACT_ENDPOINTS as E } from '@shared/api/contacts';
import { pageOffset, toContactsPage } from '@shared/api/paged';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { createContact, deleteSelectedContacts, updateContact } from './service/edit';
import { exportFileName, selectedContactsCsv } from './service/export';
import { companyOfContact, contactWithNotes, listContacts, oneContact } from './service/read';

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const contactCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfContact(ctx.db, params.id),
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => {
      const { rows, total } = await listContacts(ctx.db, company.id, {
        filters: query.filters,
        sort: query.sort,
        dir: query.dir,
        limit: query.perPage,
        offset: pageOffset(query.page, query.perPage),
      });
      return toContactsPage(rows, total, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'contacts.view',
    company: contactCompany,
    handler: async ({ company, params }) => contactWithNotes(ctx.db, company.id, params.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => {
      const id = await createContact(ctx.db, company.id, body, { userId: caller.user.id, now: ctx.now() });
      return oneContact(ctx.db, company.id, id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: contactCompany,
    handler: async ({ company, params, body }) => {
      await updateContact(ctx.db, company.id, params.id, body, { now: ctx.now() });
      return oneContact(ctx.db, company.id, params.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: contactCompany,
    status: 204,
    handler: async ({ company, params }) => {
      await deleteSelectedContacts(ctx.db, company.id, { contacts: [params.id] });
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkDestroy,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      deleted: await deleteSelectedContacts(ctx.db, company.id, body),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkExport,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company, body, reply }) => {
      const csv = await selectedContactsCsv(ctx.db, company.id, body);
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(ctx.now())}"`)
        .send(csv);
    },
  });
}
