/**
 * The marketplace's dialogs: editing a number (prices, description, words; the status moves its status allows),
 * its listings history in a dialog, and offering one of the company's numbers.
 */
import { Button, Checkbox, Group, Modal, Select, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { MarketplaceNumber } from '@shared/api/marketplace';
import { labelOf } from '@shared/domain/codes';
import {
  formatCents,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_STATUSES,
  type MarketplaceStatus,
  parseDollars,
} from '@shared/domain/marketplace';
import { formatPhone } from '@shared/domain/phone';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { LoadingState, QueryErrorState } from '../../ui/States';
import { useNumbers } from '../numbers/numbersApi';
import { useMarketplaceListings, useOfferNumber, useUpdateMarketplaceNumber } from './marketplaceApi';
import {
  formOf,
  type MarketplaceForm,
  MONEY_MESSAGE,
  offerBodyOf,
  SERVER_FIELDS,
  statusActions,
  updateBodyOf,
} from './marketplaceModel';

const money = (required: boolean) => ({
  validate: (value: string) => (!required && !value.trim()) || parseDollars(value) !== null || MONEY_MESSAGE,
});

/** The fields both dialogs share: asking price, lease, the words, the description. */
function PriceFields({ form, autoFocus }: { form: UseFormReturn<MarketplaceForm>; autoFocus?: boolean }) {
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Asking price (USD)"
          inputMode="decimal"
          withAsterisk
          data-autofocus={autoFocus || undefined}
          {...fieldProps(form, 'asking', money(true))}
        />
        <TextInput
          label="Monthly lease (USD)"
          description="Empty: not for lease"
          inputMode="decimal"
          {...fieldProps(form, 'lease', money(false))}
        />
      </Group>
      <TextInput
        label="Vanity words"
        description="The letters it spells on a keypad, such as FLOWERS"
        maxLength={20}
        {...fieldProps(form, 'vanity')}
      />
      <Textarea label="Description" rows={3} maxLength={1000} {...fieldProps(form, 'description')} />
    </>
  );
}

/** Puts a 422's per-field messages beside the form's fields; answers what no field shows. */
function placeErrors(error: unknown, form: UseFormReturn<MarketplaceForm>): string | null {
  return (
    applyServerErrors(
      error,
      (field, message) => form.setError(SERVER_FIELDS[field] ?? (field as keyof MarketplaceForm), message),
      (field) => field in SERVER_FIELDS,
    ) || null
  );
}

export function EditMarketplaceDialog({
  companyId,
  number,
  onClose,
}: {
  companyId: number;
  number: MarketplaceNumber;
  onClose: () => void;
}) {
  const change = useUpdateMarketplaceNumber();
  const form = useForm<MarketplaceForm>({ defaultValues: formOf(number) });
  const [formError, setFormError] = useState<string | null>(null);

  const save = (status?: MarketplaceStatus) =>
    form.handleSubmit((values) => {
      setFormError(null);
      change.mutate(
        { companyId, id: number.id, body: updateBodyOf(values, status) },
        {
          onSuccess: ({ message }) => {
            flash('success', message);
            onClose();
          },
          onError: (error) => setFormError(placeErrors(error, form)),
        },
      );
    });

  const sold = number.status === 'sold';
  return (
    <FormDialog
      title={`Edit ${number.formatted}`}
      submitLabel="Save"
      pending={change.isPending && !change.variables?.body.status}
      disabled={sold}
      error={formError}
      onClose={onClose}
      onSubmit={save()}
    >
      <Group gap="xs">
        <Text size="sm">Status:</Text>
        <Text size="sm" fw={600}>
          {labelOf(MARKETPLACE_STATUSES, number.status)}
        </Text>
      </Group>
      {sold ? (
        <Text size="sm" c="dimmed">
          Sold for {formatCents(number.sold_price_cents ?? 0)}
          {number.sold_at ? ` on ${dayjs(number.sold_at).format('MMM D, YYYY')}` : ''}. A sold number no
          longer changes.
        </Text>
      ) : (
        <PriceFields form={form} autoFocus />
      )}
      {!sold && (
        <Group gap="xs" role="group" aria-label="Change the status">
          {statusActions(number.status).map((action) => (
            <Button
              key={action.to}
              variant="light"
              color={action.to === 'withdrawn' ? 'red' : action.to === 'sold' ? 'green' : undefined}
              loading={change.isPending && change.variables?.body.status === action.to}
              onClick={() => void save(action.to)()}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
    </FormDialog>
  );
}

export function ListingsDialog({
  companyId,
  number,
  onClose,
}: {
  companyId: number;
  number: MarketplaceNumber | null;
  onClose: () => void;
}) {
  const listings = useMarketplaceListings(companyId, number?.id ?? null);
  const rows = listings.data?.data ?? [];
  return (
    <Modal
      opened={number !== null}
      onClose={onClose}
      size="xl"
      title={number ? `Listings of ${number.formatted}` : 'Listings'}
    >
      {listings.isPending ? (
        <LoadingState label="Loading the listings" />
      ) : listings.error ? (
        <QueryErrorState title="Could not load the listings" query={listings} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">This number has not been listed yet.</Text>
      ) : (
        <Table aria-label="Listings" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Listed</Table.Th>
              <Table.Th>Ended</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Views</Table.Th>
              <Table.Th>Inquiries</Table.Th>
              <Table.Th>Offers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((listing) => (
              <Table.Tr key={listing.id}>
                <Table.Td>{dayjs(listing.listed_at).format('MMM D, YYYY')}</Table.Td>
                <Table.Td>
                  {listing.ended_at
                    ? `${dayjs(listing.ended_at).format('MMM D, YYYY')} (${labelOf(MARKETPLACE_STATUSES, listing.ended_as as MarketplaceStatus, listing.ended_as ?? '').toLowerCase()})`
                    : 'Open'}
                </Table.Td>
                <Table.Td>{labelOf(MARKETPLACE_CHANNELS, listing.channel)}</Table.Td>
                <Table.Td>{formatCents(listing.price_cents)}</Table.Td>
                <Table.Td>{listing.interest.views}</Table.Td>
                <Table.Td>{listing.interest.inquiries}</Table.Td>
                <Table.Td>{listing.interest.offers}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** Every number of the company, as the numbers list's largest page (a company has at most its limit). */
const EVERY_NUMBER = { page: 1, search: '', perPage: 1000 };

interface OfferForm extends MarketplaceForm {
  numberId: string;
  list: boolean;
}

export function OfferNumberDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  // The company's numbers, searched here as it is typed.
  const numbers = useNumbers(companyId, EVERY_NUMBER);
  const offer = useOfferNumber();
  const form = useForm<OfferForm>({
    defaultValues: { numberId: '', asking: '', lease: '', description: '', vanity: '', list: true },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const numberId = form.watch('numberId');
  const choices = (numbers.data?.data ?? []).map((number) => ({
    value: String(number.id),
    label: number.label ? `${formatPhone(number.number)} · ${number.label}` : formatPhone(number.number),
  }));

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    if (!values.numberId) {
      form.setError('numberId', { type: 'required', message: 'Choose the number to offer.' });
      return;
    }
    offer.mutate(
      { companyId, body: offerBodyOf(Number(values.numberId), values, values.list) },
      {
        onSuccess: (made) => {
          flash('success', `${made.formatted} is on the marketplace.`);
          onClose();
        },
        onError: (error) =>
          setFormError(
            applyServerErrors(
              error,
              (field, message) =>
                form.setError(
                  field === 'number_id'
                    ? 'numberId'
                    : (SERVER_FIELDS[field] ?? (field as keyof MarketplaceForm)),
                  message,
                ),
              (field) => field === 'number_id' || field in SERVER_FIELDS,
            ) || null,
          ),
      },
    );
  });

  return (
    <FormDialog
      title="Offer a number"
      submitLabel="Offer it"
      pending={offer.isPending}
      error={formError}
      onClose={onClose}
      onSubmit={submit}
    >
      <Select
        label="Number"
        placeholder="Choose one of the company’s numbers"
        data={choices}
        searchable
        value={numberId || null}
        onChange={(value) => {
          form.setValue('numberId', value ?? '');
          form.clearErrors('numberId');
        }}
        nothingFoundMessage={numbers.isPending ? 'Loading numbers…' : 'No number matches'}
        error={form.formState.errors.numberId?.message}
        withAsterisk
        data-autofocus
      />
      <PriceFields form={form as unknown as UseFormReturn<MarketplaceForm>} />
      <Checkbox label="List it now" {...form.register('list')} />
    </FormDialog>
  );
}
