/** §7 Business units: organizations, their companies and admins. Only their admins (or a platform admin) manage them. */
import { BUSINESS_UNIT_ENDPOINTS as E, type Organization } from '@shared/api/businessUnits';
import { pageOffset, toPage } from '@shared/api/paged';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, memberships, organizationAdmins, organizations, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { registerRoute } from '../../http/route';
import { HttpError, notFound } from '../../lib/errors';
import { organizationOfCompany } from '../companies/service';

async function organizationView(ctx: AppContext, id: number): Promise<Organization> {
  const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw notFound('organization');
  const [companiesCount] = await ctx.db
    .select({ n: count() })
    .from(companies)
    .where(eq(companies.organization_id, id));
  return {
    id: row.id,
    name: row.name,
    status: row.status as Organization['status'],
    owner_id: row.owner_id,
    companies_count: companiesCount?.n ?? 0,
    created_at: row.created_at.toISOString(),
  };
}

async function updateOrganization(ctx: AppContext, id: number, changes: { name?: string; status?: string }) {
  await ctx.db
    .update(organizations)
    .set({ ...changes, updated_at: ctx.now() })
    .where(eq(organizations.id, id));
  return organizationView(ctx, id);
}

async function adminsOf(ctx: AppContext, organizationId: number) {
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(organizationAdmins)
    .innerJoin(users, eq(users.id, organizationAdmins.user_id))
    .where(eq(organizationAdmins.organization_id, organizationId))
    .orderBy(asc(users.name));
}

export function businessUnitRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, ctx, {
    endpoint: E.list,
    access: 'authenticated',
    handler: async ({ caller, query }) => {
      const mine = ctx.db
        .select({ id: organizationAdmins.organization_id })
        .from(organizationAdmins)
        .where(eq(organizationAdmins.user_id, caller.user.id));
      const where = caller.user.is_platform_admin ? undefined : inArray(organizations.id, mine);
      const rows = await ctx.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(where)
        .orderBy(asc(organizations.name))
        .limit(query.perPage)
        .offset(pageOffset(query.page, query.perPage));
      const [total] = await ctx.db.select({ n: count() }).from(organizations).where(where);
      const data = await Promise.all(rows.map((row) => organizationView(ctx, row.id)));
      return toPage(data, total?.n ?? 0, query.page, query.perPage);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.create,
    access: 'authenticated',
    status: 201,
    handler: async ({ caller, body }) => {
      const id = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(organizations)
          .values({ name: body.name, owner_id: caller.user.id })
          .returning();
        if (!row) throw new Error('organization insert returned nothing');
        await tx.insert(organizationAdmins).values({ user_id: caller.user.id, organization_id: row.id });
        return row.id;
      });
      return organizationView(ctx, id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.get,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) => organizationView(ctx, organization.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.update,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) => updateOrganization(ctx, organization.id, { name: body.name }),
  });

  registerRoute(app, ctx, {
    endpoint: E.status,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) =>
      updateOrganization(ctx, organization.id, { status: body.status }),
  });

  registerRoute(app, ctx, {
    endpoint: E.companies,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) =>
      ctx.db
        .select({ id: companies.id, name: companies.name, account_status: companies.account_status })
        .from(companies)
        .where(eq(companies.organization_id, organization.id))
        .orderBy(asc(companies.name)),
  });

  registerRoute(app, ctx, {
    endpoint: E.addCompany,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, caller, body }) => {
      const [company] = await ctx.db.select().from(companies).where(eq(companies.id, body.company_id));
      const [ownership] = await ctx.db
        .select()
        .from(memberships)
        .where(
          and(
            eq(memberships.company_id, body.company_id),
            eq(memberships.user_id, caller.user.id),
            eq(memberships.role, 'owner'),
          ),
        );
      if (!company || (!ownership && !caller.user.is_platform_admin)) throw notFound('company');
      if (company.organization_id && company.organization_id !== organization.id) {
        throw new HttpError(
          409,
          'This company belongs to another organization. Take it out of that one first.',
        );
      }
      await ctx.db
        .update(companies)
        .set({ organization_id: organization.id })
        .where(eq(companies.id, company.id));
      return { message: SUCCESS_MESSAGES.organizationUpdated };
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.removeCompany,
    access: 'organization.manage',
    organization: { record: ({ params }) => organizationOfCompany(ctx, params.id) },
    status: 204,
    handler: async ({ params }) => {
      await ctx.db.update(companies).set({ organization_id: null }).where(eq(companies.id, params.id));
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.admins,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization }) => adminsOf(ctx, organization.id),
  });

  registerRoute(app, ctx, {
    endpoint: E.addAdmin,
    access: 'organization.manage',
    organization: { param: 'id' },
    handler: async ({ organization, body }) => {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
      if (user?.state !== 'active') {
        throw new HttpError(422, 'The given data was invalid.', {
          email: ['No active user has this email. Invite them to a company first.'],
        });
      }
      await ctx.db
        .insert(organizationAdmins)
        .values({ user_id: user.id, organization_id: organization.id })
        .onConflictDoNothing();
      return adminsOf(ctx, organization.id);
    },
  });

  registerRoute(app, ctx, {
    endpoint: E.removeAdmin,
    access: 'organization.manage',
    organization: { param: 'id' },
    status: 204,
    handler: async ({ organization, params }) => {
      const admins = await adminsOf(ctx, organization.id);
      if (!admins.some((admin) => admin.id === params.userId)) throw notFound('organization admin');
      if (admins.length <= 1)
        throw new HttpError(409, 'An organization needs at least one admin. Add another one first.');
      await ctx.db
        .delete(organizationAdmins)
        .where(
          and(
            eq(organizationAdmins.organization_id, organization.id),
            eq(organizationAdmins.user_id, params.userId),
          ),
        );
    },
  });
}
