/**
 * An invoice as a PDF (pdf-lib: pure JavaScript, no native parts, Node and browser alike). One A4-width page per
 * invoice — our invoices have a handful of lines; a longer one continues on further pages.
 */
import { formatUsd } from '@shared/domain/billing';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { BillingProfileRow, InvoiceRow } from '../../../db/schema';

const PAGE: [number, number] = [595, 842];
const MARGIN = 50;

const usd = (cents: number) => formatUsd(cents / 100);
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The standard fonts encode WinAnsi only: a character outside it (an emoji in a company's name) would throw, so it
 * is replaced rather than failing the download.
 */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
}

export async function invoicePdf(
  invoice: InvoiceRow,
  company: { name: string },
  profile: BillingProfileRow | null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.number}`);
  pdf.setCreationDate(invoice.issued_at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const write = (text: string, x: number, font: PDFFont = regular, size = 10) => {
    page.drawText(printable(text), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 16) => {
    y -= gap;
    if (y < MARGIN) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
  };

  write(`Invoice ${invoice.number}`, MARGIN, bold, 18);
  next(28);
  write(
    `Issued ${day(invoice.issued_at)}   Period ${day(invoice.period_start)} to ${day(invoice.period_end)}`,
    MARGIN,
  );
  next();
  write(
    `Status: ${invoice.status === 'paid' ? `paid ${invoice.paid_at ? day(invoice.paid_at) : ''}` : 'open'}`,
    MARGIN,
  );
  next(24);
  write('Billed to', MARGIN, bold);
  next();
  const address = [
    profile?.billing_name || company.name,
    company.name !== profile?.billing_name ? company.name : '',
    profile?.billing_address ?? '',
    profile?.billing_address_2 ?? '',
    [profile?.billing_city, profile?.billing_state, profile?.billing_zip].filter(Boolean).join(', '),
    profile?.billing_country ?? '',
  ].filter((line) => line.trim() !== '');
  for (const line of address) {
    write(line, MARGIN);
    next(14);
  }
  next(16);
  write('Description', MARGIN, bold);
  write('Qty', 340, bold);
  write('Unit', 390, bold);
  write('Amount', 480, bold);
  next();
  for (const line of invoice.lines) {
    write(line.description.slice(0, 60), MARGIN);
    write(String(line.quantity), 340);
    write(usd(line.unit_cents), 390);
    write(usd(line.amount_cents), 480);
    next();
  }
  next(8);
  write('Total', 390, bold, 12);
  write(usd(invoice.total_cents), 480, bold, 12);
  return pdf.save();
}
