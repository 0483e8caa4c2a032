/**
 * The payment method form (§7 `POST /company/{id}/billing`): the §3 billing name and address, and the card through
 * the provider's hosted fields — the sandbox's (./SandboxCardFields.tsx) or Maxio's Chargify.js
 * (./MaxioCardFields.tsx), chosen by what `GET /chargify/security-token` answered. Either keeps the number out of
 * the page's hands and gives the server only a token (the sandbox adds the last four, expiry and brand). The
 * server answers one of §8's payment update messages (saved, not charged until the next cycle; saved but still
 * past due).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, TextInput } from '@mantine/core';
import { type BillingAddress, BillingAddressSchema, type BillingDetails } from '@shared/api/billing';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { ErrorAlert, LoadingState } from '../../ui/States';
import { useHostedFields, useSaveBilling } from './billingApi';
import type { CardFieldsHandle } from './cardFields';
import { MaxioCardFields } from './MaxioCardFields';
import { SandboxCardFields } from './SandboxCardFields';

const ADDRESS_FIELDS = [
  'billing_name',
  'billing_address',
  'billing_address_2',
  'billing_city',
  'billing_state',
  'billing_zip',
  'billing_country',
] as const;

export function PaymentMethodDialog({
  companyId,
  details,
  onClose,
}: {
  companyId: number;
  details: BillingDetails | undefined;
  onClose: () => void;
}) {
  const hosted = useHostedFields(true);
  const card = useRef<CardFieldsHandle>(null);
  const save = useSaveBilling(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BillingAddress>({
    resolver: zodResolver(BillingAddressSchema),
    defaultValues: {
      billing_name: details?.billing_name ?? '',
      billing_address: details?.billing_address ?? '',
      billing_address_2: details?.billing_address_2 ?? '',
      billing_city: details?.billing_city ?? '',
      billing_state: details?.billing_state ?? '',
      billing_zip: details?.billing_zip ?? '',
      billing_country: details?.billing_country || 'US',
    },
  });

  const submit = form.handleSubmit(async (address) => {
    setFormError(null);
    const tokenised = await card.current?.read();
    if (!tokenised) return;
    save.mutate(
      { ...address, ...tokenised },
      {
        onSuccess: onClose,
        onError: (error) =>
          setFormError(
            applyServerErrors(error, form.setError, ADDRESS_FIELDS as unknown as string[]) || null,
          ),
      },
    );
  });

  const fields = hosted.data;
  return (
    <FormDialog
      title="Payment method"
      submitLabel="Save card"
      // Chargify.js tokenises by asking Maxio: the action waits while it does, as while the server saves.
      pending={save.isPending || form.formState.isSubmitting}
      disabled={!fields}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name on the card"
        withAsterisk
        autoComplete="cc-name"
        {...fieldProps(form, 'billing_name')}
      />
      <TextInput
        label="Address"
        withAsterisk
        autoComplete="address-line1"
        {...fieldProps(form, 'billing_address')}
      />
      <TextInput
        label="Address line 2"
        autoComplete="address-line2"
        {...fieldProps(form, 'billing_address_2')}
      />
      <Group grow>
        <TextInput
          label="City"
          withAsterisk
          autoComplete="address-level2"
          {...fieldProps(form, 'billing_city')}
        />
        <TextInput
          label="State"
          withAsterisk
          autoComplete="address-level1"
          {...fieldProps(form, 'billing_state')}
        />
      </Group>
      <Group grow>
        <TextInput
          label="ZIP code"
          withAsterisk
          autoComplete="postal-code"
          {...fieldProps(form, 'billing_zip')}
        />
        <TextInput
          label="Country"
          withAsterisk
          autoComplete="country"
          {...fieldProps(form, 'billing_country')}
        />
      </Group>
      {hosted.isPending ? (
        <LoadingState label="Loading the card fields" />
      ) : hosted.error || !fields ? (
        <ErrorAlert message="The card fields could not be loaded. Try again in a moment." />
      ) : fields.provider === 'sandbox' ? (
        <SandboxCardFields ref={card} fields={fields} />
      ) : (
        <MaxioCardFields ref={card} fields={fields} />
      )}
    </FormDialog>
  );
}
