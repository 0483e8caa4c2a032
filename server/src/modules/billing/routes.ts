/**
 * §7 Company and billing, Subscription and Yearly upgrade offers. Reading needs `billing.view`, anything that
 * changes the payment method, the plan or the subscription `billing.manage` (the owner and the billing role,
 * shared/domain/permissions.ts). Billing routes are "pay" for the account's standing: a past-due, parked or
 * deactivated account can always settle its balance (standing/standing.ts).
 */
import { BILLING_ENDPOINTS as B, SUBSCRIPTION_ENDPOINTS as S } from '@shared/api/billing';
import { roleCan } from '@shared/domain/permissions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { invoiceDocument, listInvoices } from './invoices/invoices';
import { takeProviderNotice } from './notices';
import { createOffer, listOffers, updateOffer } from './offers';
import { billingDetails, saveBilling } from './profile';
import { standingView } from './standing/standing';
import { subscriptionOf, viewSubscription } from './subscription/records';
import {
  cancel,
  clearCancel,
  migrate,
  planChoices,
  previewMigration,
  renewInSandbox,
  retryPayment,
  revertProductChange,
  subscribe,
  toggleFeature,
  updateCustomer,
} from './subscription/service';
import { usageOf } from './usage/publish';

export function billingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const byId = moduleRoutes(app, ctx, { company: { param: 'id' } });
  const byCompany = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  byId(B.details, 'billing.view', async ({ company }) => billingDetails(ctx, company.id));
  byId(B.update, 'billing.manage', async ({ company, caller, body }) =>
    saveBilling(ctx, company.id, caller.user.email, body),
  );
  // Any member of the company (not only the billing roles) is told where the account stands.
  byId(
    B.standing,
    'authenticated',
    async ({ company }) => standingView(ctx, company.id, roleCan(company.role, 'billing.view')),
    { company: { param: 'id' } },
  );
  byId(B.retry, 'billing.manage', async ({ company }) => retryPayment(ctx, company.id));
  byId(B.invoices, 'billing.view', async ({ company }) => ({ data: await listInvoices(ctx.db, company.id) }));
  byId(B.invoicePdf, 'billing.view', async ({ company, params, reply }) => {
    const { number, pdf } = await invoiceDocument(ctx.db, company.id, params.invoiceId);
    return reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${number}.pdf"`)
      .send(Buffer.from(pdf));
  });

  // What the browser's hosted fields need is the provider's, not a company's: any signed-in user may ask (it
  // holds only public keys and a one-use token).
  byId(B.securityToken, 'authenticated', async () => ctx.billing.hostedFields());

  byCompany(S.get, 'billing.view', async ({ company }) =>
    viewSubscription(await subscriptionOf(ctx.db, company.id), ctx.billing.name),
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
  byCompany(S.plans, 'billing.view', async ({ company }) => ({ data: await planChoices(ctx, company.id) }));
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
  byCompany(S.sandboxRenew, 'billing.manage', async ({ company }) => renewInSandbox(ctx, company.id));
  // The provider's own doings (Maxio's webhooks): public, trusted by their signature over the raw body, which the
  // form parser of this scope keeps.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (request, body, done) => {
        request.rawBody = String(body);
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    moduleRoutes(scope, ctx)(B.providerWebhook, 'public', async ({ request, body }) =>
      takeProviderNotice(ctx, { rawBody: request.rawBody ?? '', headers: request.headers, body }),
    );
  });
  byCompany(S.offers, 'billing.view', async ({ company }) => ({ data: await listOffers(ctx, company.id) }));
  byCompany(S.createOffer, 'billing.manage', async ({ company, body }) =>
    createOffer(ctx, company.id, body.identifier),
  );
  byCompany(S.updateOffer, 'billing.manage', async ({ company, params, body }) =>
    updateOffer(ctx, company.id, params.id, body),
  );
}
