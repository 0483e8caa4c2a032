/**
 * §7 Contacts: list with filters, one with its notes, create, change, delete, and the bulk delete and export.
 * Rules live in service.ts, filters.ts and view.ts; this file is HTTP only. A contact of another company
 * answers 404 (the route wrapper resolves the company from the record).
 */
import { CONTACT_ENDPOINTS as E } from '@shared/api/contacts';
import { pageOffset, toContactsPage } from '@shared/api/paged';
import { asc, count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contacts } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { notFound } from '../../lib/errors';
import { contactsCsv, exportFileName } from './export';
import { contactFilterCondition, contactSelectionCondition } from './filters';
import {
  CONTACT_NOTE_MODEL,
  companyOfContact,
  createContact,
  deleteContacts,
  updateContact,
} from './service';
import { contactViews, loadContact, notesOn } from './view';

const SORT_COLUMNS = {
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  created_at: contacts.created_at,
  updated_at: contacts.updated_at,
} as const;

export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const contactCompany = {
    record: ({ params }: { params: { id: number } }) => companyOfContact(ctx.db, params.id),
  };

  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'contacts.view',
    company: { query: 'companyId' },
    handler: async ({ company, query }) => {
      const where = await contactFilterCondition(ctx.db, company.id, query.filters);
      const [total] = await ctx.db.select({ value: count() }).from(contacts).where(where);
      const order = query.dir === 'desc' ? desc : asc;
      const rows = await ctx.db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(order(SORT_COLUMNS[query.sort]), order(contacts.id))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage));
      return toContactsPage(await contactViews(ctx.db, rows), total?.value ?? 0, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'contacts.view',
    company: contactCompany,
    handler: async ({ company, params }) => {
      const contact = await loadContact(ctx.db, company.id, params.id);
      if (!contact) throw notFound('contact');
      return { ...contact, note_records: await notesOn(ctx.db, CONTACT_NOTE_MODEL, contact.id) };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'contacts.manage',
    company: { query: 'companyId' },
    status: 201,
    handler: async ({ company, caller, body }) => {
      const id = await createContact(ctx.db, company.id, body, { userId: caller.user.id, now: ctx.now() });
      const contact = await loadContact(ctx.db, company.id, id);
      if (!contact) throw notFound('contact');
      return contact;
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'contacts.manage',
    company: contactCompany,
    handler: async ({ company, params, body }) => {
      await updateContact(ctx.db, company.id, params.id, body, { now: ctx.now() });
      const contact = await loadContact(ctx.db, company.id, params.id);
      if (!contact) throw notFound('contact');
      return contact;
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.remove,
    access: 'contacts.manage',
    company: contactCompany,
    status: 204,
    handler: async ({ company, params }) => {
      await deleteContacts(
        ctx.db,
        await contactSelectionCondition(ctx.db, company.id, { contacts: [params.id] }),
      );
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkDestroy,
    access: 'contacts.manage',
    company: { param: 'companyId' },
    handler: async ({ company, body }) => ({
      deleted: await deleteContacts(ctx.db, await contactSelectionCondition(ctx.db, company.id, body)),
    }),
  });

  registerRoute(app, ctx, {
    endpoint: E.bulkExport,
    access: 'contacts.view',
    company: { param: 'companyId' },
    handler: async ({ company, body, reply }) => {
      const condition = await contactSelectionCondition(ctx.db, company.id, body);
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(ctx.now())}"`)
        .send(contactsCsv(ctx.db, company.id, condition));
    },
  });
}
