/**
 * §7 `GET /company/{id}/invoices`: what was billed, newest first. Invoices are written as charges happen (a
 * signup, a renewal, an upgrade, a retry of a declined renewal) with their lines; one-off charges waiting in
 * `billing_charges` (registration fees) join the next one.
 */
import type { Invoice } from '@shared/api/billing';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  billingCharges,
  companies,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceRow,
  type InvoiceStatus,
  invoices,
} from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { profileOf } from '../subscription/records';
import { invoicePdf } from './pdf';

export interface NewInvoice {
  companyId: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  lines: InvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  providerRef?: string | null;
}

/** Writes an invoice (with the company's waiting one-off charges as more lines) and answers it. */
export async function issueInvoice(db: Db, input: NewInvoice): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.company_id, input.companyId), isNull(billingCharges.invoice_id)));
    const lines: InvoiceLine[] = [
      ...input.lines,
      ...waiting.map((charge) => ({
        description: charge.description,
        quantity: 1,
        unit_cents: charge.amount_cents,
        amount_cents: charge.amount_cents,
      })),
    ];
    const [{ issued } = { issued: 0 }] = await tx
      .select({ issued: count() })
      .from(invoices)
      .where(eq(invoices.company_id, input.companyId));
    const [row] = await tx
      .insert(invoices)
      .values({
        company_id: input.companyId,
        number: `INV-${input.companyId}-${String(issued + 1).padStart(4, '0')}`,
        kind: input.kind,
        status: input.status,
        issued_at: input.now,
        period_start: input.periodStart,
        period_end: input.periodEnd,
        lines,
        total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
        paid_at: input.status === 'paid' ? input.now : null,
        provider_ref: input.providerRef ?? null,
      })
      .returning();
    if (!row) throw new Error('invoice insert returned nothing');
    for (const charge of waiting) {
      await tx.update(billingCharges).set({ invoice_id: row.id }).where(eq(billingCharges.id, charge.id));
    }
    return row;
  });
}

/** Marks the company's open invoices paid (a retry that went through). */
export async function settleOpenInvoices(
  db: Db,
  companyId: number,
  now: Date,
  providerRef: string,
): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'paid', paid_at: now, provider_ref: providerRef, updated_at: now })
    .where(and(eq(invoices.company_id, companyId), eq(invoices.status, 'open')));
}

export function viewInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    issued_at: row.issued_at.toISOString(),
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
    lines: row.lines,
    total_cents: row.total_cents,
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}

export async function listInvoices(db: Db, companyId: number): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.company_id, companyId))
    .orderBy(desc(invoices.issued_at), desc(invoices.id));
  return rows.map(viewInvoice);
}

export async function invoiceOf(db: Db, companyId: number, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.company_id, companyId)));
  if (!row) throw notFound('invoice');
  return row;
}

/** `GET /company/{id}/invoices/{invoiceId}/pdf`: the company's invoice as a PDF, with its number for the file name. */
export async function invoiceDocument(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ number: string; pdf: Uint8Array }> {
  const invoice = await invoiceOf(db, companyId, id);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const pdf = await invoicePdf(invoice, { name: company?.name ?? '' }, await profileOf(db, companyId));
  return { number: invoice.number, pdf };
}
