/**
 * §7 Company and billing, Subscription and Yearly upgrade offers. Reading needs `billing.view`, anything that
 * changes the payment method, the plan or the subscription `billing.manage` (the owner and the billing role,
 * shared/domain/permissions.ts). Billing routes are "pay" for the account's standing: a past-due, parked or
 * deactivated account can always settle its balance (standing/standing.ts).
 */
import { BILLING_ENDPOINTS as B, SUBSCRIPTION_ENDPOINTS as S } from '@shared/api/billing';
import {
  BILLING_PERIODS,
  PLAN_ALLOWANCES,
  PLAN_PRICES_CENTS,
  PLANS,
  PURCHASABLE_PLANS,
  planIdentifier,
} from '@shared/domain/billing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { invoiceOf, listInvoices } from './invoices/invoices';
import { invoicePdf } from './invoices/pdf';
import { createOffer, listOffers, updateOffer } from './offers';
import { billingDetails, saveBilling } from './profile';
import { billingProvider } from './provider';
import { type RenewalOutcome, renewNowInSandbox } from './renewals/renew';
import { profileOf, subscriptionOf, viewSubscription } from './subscription/records';
import {
  cancel,
  clearCancel,
  migrate,
  previewMigration,
  retryPayment,
  revertProductChange,
  subscribe,
  toggleFeature,
  updateCustomer,
} from './subscription/service';
import { usageOf } from './usage/publish';

const SANDBOX_RENEWAL_MESSAGES: Record<RenewalOutcome, string> = {
  renewed: 'Renewed: the next period was charged.',
  declined: 'The renewal was declined: the account is past due.',
  ended: 'The subscription ended, as its cancel asked.',
  not_due: 'Nothing was due.',
  not_ours: 'There is no live subscription to renew.',
};

export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const byId = moduleRoutes(app, ctx, { company: { param: 'id' } });
  const byCompany = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  byId(B.details, 'billing.view', async ({ company }) => billingDetails(ctx, company.id));
  byId(B.update, 'billing.manage', async ({ company, caller, body }) =>
    saveBilling(ctx, company.id, caller.user.email, body),
  );
  byId(B.retry, 'billing.manage', async ({ company }) => retryPayment(ctx, company.id));
  byId(B.invoices, 'billing.view', async ({ company }) => ({ data: await listInvoices(ctx.db, company.id) }));
  byId(B.invoicePdf, 'billing.view', async ({ company, params, reply }) => {
    const invoice = await invoiceOf(ctx.db, company.id, params.invoiceId);
    const [named] = await ctx.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, company.id));
    const pdf = await invoicePdf(invoice, { name: named?.name ?? '' }, await profileOf(ctx.db, company.id));
    return reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .send(Buffer.from(pdf));
  });

  // What the browser's hosted fields need is the provider's, not a company's: any signed-in user may ask (it
  // holds only public keys and a one-use token).
  byId(B.securityToken, 'authenticated', async () => billingProvider(ctx).hostedFields());

  byCompany(S.get, 'billing.view', async ({ company }) =>
    viewSubscription(await subscriptionOf(ctx.db, company.id), billingProvider(ctx).name),
  );
  byCompany(S.subscribe, 'billing.manage', async ({ company, caller, body }) =>
    subscribe(ctx, company.id, caller.user.email, body.identifier),
  );
  byCompany(S.cancel, 'billing.manage', async ({ company, body }) =>
    cancel(ctx, company.id, body.downsell_identifier),
  );
  byCompany(S.clear, 'billing.manage', async ({ company }) => clearCancel(ctx, company.id));
  byCompany(S.customerUpdate, 'billing.manage', async ({ company, body }) =>
    updateCustomer(ctx, company.id, body),
  );
  byCompany(S.revertPendingProductChange, 'billing.manage', async ({ company }) =>
    revertProductChange(ctx, company.id),
  );
  byCompany(S.plans, 'billing.view', async ({ company }) => {
    const row = await subscriptionOf(ctx.db, company.id);
    const current = row ? planIdentifier(row.plan, row.period) : null;
    return {
      data: PLANS.flatMap((plan) =>
        BILLING_PERIODS.map((period) => {
          const identifier = planIdentifier(plan.value, period.value);
          return {
            identifier,
            plan: plan.value,
            period: period.value,
            label: `${plan.label} (${period.label.toLowerCase()})`,
            price_cents: PLAN_PRICES_CENTS[plan.value][period.value],
            included: PLAN_ALLOWANCES[plan.value],
            current: identifier === current,
            purchasable: PURCHASABLE_PLANS.includes(plan.value),
          };
        }),
      ),
    };
  });
  byCompany(S.usage, 'billing.view', async ({ company }) => usageOf(ctx, company.id));
  byCompany(S.migratePreview, 'billing.manage', async ({ company, body }) =>
    previewMigration(ctx, company.id, body.identifier),
  );
  byCompany(S.migrate, 'billing.manage', async ({ company, body }) =>
    migrate(ctx, company.id, body.identifier),
  );
  byCompany(S.feature, 'billing.manage', async ({ company, params, body }) =>
    toggleFeature(ctx, company.id, params.name, body.enabled),
  );
  byCompany(S.sandboxRenew, 'billing.manage', async ({ company }) => {
    const outcome = await renewNowInSandbox(ctx, company.id);
    const row = await subscriptionOf(ctx.db, company.id);
    return {
      data: viewSubscription(row, billingProvider(ctx).name),
      message: SANDBOX_RENEWAL_MESSAGES[outcome],
    };
  });
  byCompany(S.offers, 'billing.view', async ({ company }) => ({ data: await listOffers(ctx, company.id) }));
  byCompany(S.createOffer, 'billing.manage', async ({ company, body }) =>
    createOffer(ctx, company.id, body.identifier),
  );
  byCompany(S.updateOffer, 'billing.manage', async ({ company, params, body }) =>
    updateOffer(ctx, company.id, params.id, body),
  );
}
