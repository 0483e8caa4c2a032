/** Invoices (§7 `GET /company/{id}/invoices`), newest first, each downloadable as a PDF. */
import { Badge, Button, Stack, Title } from '@mantine/core';
import type { Invoice } from '@shared/api/billing';
import { centsToUsd, formatUsd } from '@shared/domain/billing';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { QueryErrorState } from '../../ui/States';
import { invoicePdf, useInvoices } from './billingApi';

const column = createColumnHelper<Invoice>();
const NO_INVOICES: Invoice[] = [];
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

async function download(companyId: number, invoice: Invoice) {
  try {
    const blob = await invoicePdf(companyId, invoice.id);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${invoice.number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    flash('danger', error instanceof Error ? error.message : 'The invoice could not be downloaded.');
  }
}

export function InvoicesPanel({ companyId }: { companyId: number }) {
  const invoices = useInvoices(companyId);
  const columns = useMemo(
    () => [
      column.accessor('number', { header: 'Invoice' }),
      column.accessor('issued_at', { header: 'Date', cell: (info) => day(info.getValue()) }),
      column.accessor('total_cents', {
        header: 'Amount',
        cell: (info) => formatUsd(centsToUsd(info.getValue())),
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <Badge color={info.getValue() === 'paid' ? 'green' : 'red'} variant="light">
            {info.getValue() === 'paid' ? 'Paid' : 'Open'}
          </Badge>
        ),
      }),
      column.display({
        id: 'pdf',
        header: 'PDF',
        cell: ({ row: { original: invoice } }) => (
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Download ${invoice.number} as PDF`}
            onClick={() => void download(companyId, invoice)}
          >
            Download
          </Button>
        ),
      }),
    ],
    [companyId],
  );
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Invoices
      </Title>
      {invoices.error && !invoices.data ? (
        <QueryErrorState title="Could not load the invoices" query={invoices} />
      ) : (
        <DataTable
          label="Invoices"
          data={invoices.data ?? NO_INVOICES}
          columns={columns}
          loading={invoices.isPending}
          loadingLabel="Loading invoices"
          empty={
            <Stack align="center" py="md">
              No invoices yet.
            </Stack>
          }
          scrollContainer="auto"
        />
      )}
    </Stack>
  );
}
