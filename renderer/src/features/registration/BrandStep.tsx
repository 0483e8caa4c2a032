/**
 * The brand's steps: the business (legal name, type, industry, tax and other ids, stock listing, website) and its
 * contact (email on the website's domain, phone, address, the person). Checked with the shared schema
 * (SmsBrandFieldsSchema) before saving; the server's 422 lands beside the same fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Registration, SmsBrandFieldsSchema } from '@shared/api/registration';
import {
  SMS_COMPANY_TYPES,
  SMS_ID_TYPES,
  SMS_INDUSTRIES,
  SMS_STOCK_EXCHANGES,
} from '@shared/domain/registration';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { flash } from '../../ui/flash';
import { fieldProps, selectData } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { useSaveBrand } from './registrationApi';
import { type BrandValues, brandValues } from './registrationModel';
import { StepActions } from './StepActions';
import { placeServerErrors } from './serverErrors';

/** The form keeps text; blanks go as null ("not yet"), which the shared schema takes. */
const BrandFormSchema = z.preprocess(
  (values: BrandValues) =>
    Object.fromEntries(
      Object.entries(values ?? {}).map(([key, value]) => [key, value?.trim() ? value.trim() : null]),
    ),
  SmsBrandFieldsSchema,
);

export function BrandStep({
  companyId,
  registration,
  part,
  step,
  onBack,
  onSaved,
}: {
  companyId: number;
  registration: Registration;
  part: 'business' | 'contact';
  step: number;
  onBack: () => void;
  onSaved: (next: boolean) => void;
}) {
  const form = useForm<BrandValues, unknown, z.output<typeof SmsBrandFieldsSchema>>({
    values: brandValues(registration),
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(BrandFormSchema),
  });
  const save = useSaveBrand(companyId, registration.id);
  const [formError, setFormError] = useState<string | null>(null);
  const select = (
    name: keyof BrandValues,
    label: string,
    data: { value: string; label: string }[],
    extra: object = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          data={data}
          ref={field.ref}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          clearable
          searchable
          {...extra}
        />
      )}
    />
  );

  const submit = (next: boolean) =>
    form.handleSubmit((brand) => {
      setFormError(null);
      save.mutate(brand, {
        onSuccess: () => {
          flash('success', 'Draft saved.');
          onSaved(next);
        },
        onError: (error) =>
          setFormError(
            placeServerErrors(error, form.setError, Object.keys(brandValues(registration))) || null,
          ),
      });
    })();

  return (
    <Stack>
      {part === 'business' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Legal business name"
            description="Exactly as registered with the IRS"
            {...fieldProps(form, 'legal_name')}
          />
          <TextInput
            label="Brand name"
            description="What customers know you as; your samples must name it"
            {...fieldProps(form, 'display_name')}
          />
          {select('company_type', 'Company type', selectData(SMS_COMPANY_TYPES))}
          {select('industry', 'Industry', selectData(SMS_INDUSTRIES))}
          <TextInput label="EIN (US tax id)" placeholder="12-3456789" {...fieldProps(form, 'ein')} />
          {select('id_type', 'Other id type (optional)', selectData(SMS_ID_TYPES))}
          <TextInput label="Other id number" {...fieldProps(form, 'id_number')} />
          {select('stock_exchange', 'Stock exchange (public companies)', selectData(SMS_STOCK_EXCHANGES))}
          <TextInput label="Stock symbol (public companies)" {...fieldProps(form, 'stock_symbol')} />
          <TextInput
            label="Website"
            placeholder="https://www.yourbusiness.com"
            {...fieldProps(form, 'website')}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Business email"
            description="On your website’s domain, not a free mailbox"
            {...fieldProps(form, 'email')}
          />
          <TextInput label="Business phone" {...fieldProps(form, 'phone')} />
          <TextInput label="Street" {...fieldProps(form, 'street')} />
          <TextInput label="City" {...fieldProps(form, 'city')} />
          <TextInput label="State" {...fieldProps(form, 'state')} />
          <TextInput label="Postal code" {...fieldProps(form, 'postal_code')} />
          <TextInput label="Country (2 letters)" placeholder="US" {...fieldProps(form, 'country')} />
          <TextInput label="Contact first name" {...fieldProps(form, 'contact_first_name')} />
          <TextInput label="Contact last name" {...fieldProps(form, 'contact_last_name')} />
        </SimpleGrid>
      )}
      <ErrorAlert message={formError} />
      <StepActions step={step} saving={save.isPending} onBack={onBack} onSave={submit} />
    </Stack>
  );
}
