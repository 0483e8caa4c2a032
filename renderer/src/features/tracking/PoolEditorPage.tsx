/**
 * Making or changing a tracking pool (§7 `POST /companies/{companyId}/dniPools`, `PUT /dniPools/{poolId}`): its
 * name and type, the sources a session pool serves, its numbers from the company's inventory (none another pool
 * holds; a static pool's each with the source it serves), the website numbers the script replaces, the lease and
 * cool-down, the fallback number shown when every number is in use, and the company's tracking pool custom fields
 * (§3 entity type 3), when it has any. The contract's schema checks the form
 * before it is sent; the server's refusals show beside their fields, a 409 (a number taken meanwhile) on the form.
 *
 * New numbers are bought on the numbers area's buy screen (the link here): it already searches, buys one or many
 * and follows a bulk purchase, and a number bought there shows in this picker at once (the purchase refreshes
 * the company's numbers).
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { CustomField } from '@shared/api/customFields';
import type { DniPoolDetail } from '@shared/api/dni';
import type { TrackedNumber } from '@shared/api/numbers';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import {
  DNI_COOLDOWN_MINUTES,
  DNI_LEASE_MINUTES,
  DNI_POOL_TYPES,
  type DniPoolType,
} from '@shared/domain/dni';
import { roleCan } from '@shared/domain/permissions';
import { type ReactNode, useMemo, useState } from 'react';
import { type Control, Controller, type FieldError, get, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { flash } from '../../ui/flash';
import { fieldProps } from '../../ui/formFields';
import { EmptyState, ErrorAlert, ErrorState, QueryErrorState } from '../../ui/States';
import { CustomValueInputs, customValueErrors, useCustomFields } from '../customFields/CustomValueInputs';
import { RowsSkeleton } from '../schedule/Skeletons';
import {
  choosableNumbers,
  fallbackChoices,
  isPoolField,
  numberLabel,
  type PoolFormValues,
  pathOf,
  pickNumbers,
  placePoolMessage,
  poolBody,
  poolProblems,
  poolValues,
} from './poolForm';
import { TrackingHeader } from './TrackingAreaTabs';
import { useCompanyNumbers, usePool, usePools, useSavePool, useSources } from './trackingApi';

const NO_NUMBERS: TrackedNumber[] = [];
const NO_FIELDS: CustomField[] = [];

export function PoolEditorPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const { poolId: poolParam } = useParams();
  const poolId = poolParam ? Number(poolParam) : null;
  const canManage = roleCan(company?.role, 'numbers.manage');
  const pool = usePool(poolId && canManage ? poolId : 0);
  const pools = usePools(companyId, canManage);
  const numbers = useCompanyNumbers(companyId, canManage);
  const sources = useSources(companyId, canManage);
  const customFields = useCustomFields(ENTITY_TYPES.trackingPool, companyId);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canManage)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot make or change pools." />;
  else if (poolId !== null && (!Number.isSafeInteger(poolId) || poolId <= 0))
    body = <EmptyState title="There is no such pool" />;
  else if (poolId && pool.error && !pool.data)
    body = <QueryErrorState title="Could not load the pool" query={pool} />;
  else if (pools.error && !pools.data)
    body = <QueryErrorState title="Could not load the pools" query={pools} />;
  else if (numbers.error && !numbers.data)
    body = <QueryErrorState title="Could not load the company’s numbers" query={numbers} />;
  else if (sources.error && !sources.data)
    body = <QueryErrorState title="Could not load the sources" query={sources} />;
  else if ((poolId && pool.isPending) || pools.isPending || numbers.isPending || sources.isPending)
    body = <RowsSkeleton label="Loading the pool form" />;
  else
    body = (
      <PoolForm
        // A pool loaded afresh (another edit elsewhere) starts the form from it.
        key={pool.data?.updated_at ?? 'new'}
        companyId={companyId}
        pool={pool.data ?? null}
        otherPools={pools.data?.data ?? []}
        numbers={numbers.data ?? NO_NUMBERS}
        sources={sources.data?.data ?? []}
        customFields={customFields.data ?? NO_FIELDS}
      />
    );

  return (
    <Stack>
      <TrackingHeader
        title={poolId ? `Edit ${pool.data?.name ?? 'pool'}` : 'New tracking pool'}
        description="The numbers your website shows visitors instead of your own, and which visitors see them."
      />
      {body}
    </Stack>
  );
}

function PoolForm({
  companyId,
  pool,
  otherPools,
  numbers,
  sources,
  customFields,
}: {
  companyId: number;
  pool: DniPoolDetail | null;
  otherPools: readonly { id: number; name: string; numbers: { id: number }[] }[];
  numbers: readonly TrackedNumber[];
  sources: readonly { id: number; name: string }[];
  customFields: readonly CustomField[];
}) {
  const navigate = useNavigate();
  const form = useForm<PoolFormValues>({ defaultValues: poolValues(pool) });
  const save = useSavePool(companyId);
  const [formError, setFormError] = useState('');
  // A custom value's refusal, by the field's id (customValueErrors).
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [type, picked, fallback] = form.watch(['type', 'numbers', 'fallback_number_id']);
  const errorOf = (field: string) =>
    (get(form.formState.errors, field) as FieldError | undefined)?.message ?? undefined;

  const byId = useMemo(() => new Map(numbers.map((number) => [number.id, number])), [numbers]);
  const nameOfNumber = (id: number) => {
    const number = byId.get(id);
    return number ? numberLabel(number) : `Number #${id}`;
  };
  // The pools list types its numbers fully; only ids are read here.
  const pools = otherPools as Parameters<typeof choosableNumbers>[1];
  const values = { numbers: picked, fallback_number_id: fallback };
  const choosable = choosableNumbers(numbers, pools, values, pool?.id ?? null);
  const fallbacks = fallbackChoices(numbers, pools, values, pool?.id ?? null);
  const numberOptions = choosable.map((number) => ({ value: String(number.id), label: numberLabel(number) }));
  const fallbackOptions = fallbacks.map((number) => ({
    value: String(number.id),
    label: numberLabel(number),
  }));
  const sourceOptions = sources.map((source) => ({ value: String(source.id), label: source.name }));
  const hiddenCount = numbers.length - choosable.length - (fallback ? 1 : 0);

  const placeAll = (problems: Record<string, string>) => {
    let unplaced = '';
    for (const [field, message] of Object.entries(problems)) {
      if (isPoolField(field)) form.setError(field as never, { type: 'server', message });
      else unplaced ||= message;
    }
    return unplaced;
  };

  const submit = form.handleSubmit((current) => {
    setFormError('');
    setCustomErrors({});
    const problems = poolProblems(current, nameOfNumber);
    if (Object.keys(problems).length) {
      setFormError(placeAll(problems));
      return;
    }
    const body = poolBody(current);
    const mutation = pool ? save.update : save.create;
    mutation.mutate(
      { poolId: pool?.id, body },
      {
        onSuccess: (saved) => {
          flash('success', pool ? `Pool “${saved.name}” saved.` : `Pool “${saved.name}” created.`);
          navigate(`/tracking/pools/${saved.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const problems: Record<string, string> = {};
            const custom = customValueErrors(error.errors, current.eavAttributeValues);
            setCustomErrors(custom);
            for (const [field, messages] of Object.entries(error.errors)) {
              if (field.startsWith('eavAttributeValues.')) continue;
              const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
              const placed = placePoolMessage(pathOf(field), text, current, nameOfNumber);
              problems[placed.field] ??= placed.message;
            }
            const placed = Object.keys(problems).length + Object.keys(custom).length;
            setFormError(placeAll(problems) || (placed ? '' : error.message));
          } else setFormError(error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={760}>
        <ErrorAlert message={formError} />
        <TextInput label="Name" required maxLength={80} data-autofocus {...fieldProps(form, 'name')} />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Radio.Group
              label="Type"
              value={field.value}
              onChange={(value) => field.onChange(value as DniPoolType)}
              error={errorOf('type')}
              description="A session pool lends each visitor a number for their visit; a static pool gives each number to one source."
            >
              <Group mt="xs" gap="lg">
                {DNI_POOL_TYPES.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />

        {type === 'session' && (
          <Controller
            control={form.control}
            name="source_ids"
            render={({ field }) => (
              <MultiSelect
                ref={field.ref}
                label="Sources"
                required
                data={sourceOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                nothingFoundMessage="No source matches"
                error={errorOf('source_ids')}
                description={
                  sources.length ? (
                    'Visitors these sources bring see this pool’s numbers.'
                  ) : (
                    <>
                      The company has no sources yet:{' '}
                      <Anchor component={Link} to="/tracking/sources" size="xs" underline="always">
                        add them on the Sources tab
                      </Anchor>{' '}
                      first.
                    </>
                  )
                }
              />
            )}
          />
        )}

        <Controller
          control={form.control}
          name="numbers"
          render={({ field }) => (
            <MultiSelect
              ref={field.ref}
              label="Pool numbers"
              data={numberOptions}
              value={field.value.map((entry) => String(entry.number_id))}
              onChange={(ids) => field.onChange(pickNumbers(field.value, ids))}
              onBlur={field.onBlur}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="No number of the company is free for this pool"
              error={errorOf('numbers')}
              description={
                <>
                  {picked.length === 1 ? '1 number chosen' : `${picked.length} numbers chosen`}
                  {hiddenCount > 0 ? `; ${hiddenCount} in other pools or being released are not listed` : ''}.
                  Need more?{' '}
                  <Anchor component={Link} to="/numbers/buy" size="xs" underline="always">
                    Buy numbers
                  </Anchor>{' '}
                  (leaves this form), then pick them here.
                </>
              }
            />
          )}
        />

        {type === 'static' && picked.length > 0 && (
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <Text size="sm" fw={500} id="static-sources">
                The source each number serves
              </Text>
              {picked.map((entry, index) => (
                <Controller
                  key={entry.number_id}
                  control={form.control}
                  name={`numbers.${index}.source_id`}
                  render={({ field }) => (
                    <Select
                      ref={field.ref}
                      label={`Source for ${nameOfNumber(entry.number_id)}`}
                      placeholder="Choose a source"
                      data={sourceOptions}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      searchable
                      nothingFoundMessage="No source matches"
                      error={errorOf(`numbers.${index}.source_id`)}
                    />
                  )}
                />
              ))}
            </Stack>
          </Paper>
        )}

        <Controller
          control={form.control}
          name="target_numbers"
          render={({ field }) => (
            <TagsInput
              ref={field.ref}
              label="Numbers on your website"
              required
              placeholder="(312) 555-0100, then Enter"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxTags={20}
              splitChars={[',', ';']}
              clearable
              error={errorOf('target_numbers')}
              description="The numbers your pages show now. The script replaces them, in text and tel: links, written any common way."
            />
          )}
        />

        <Group grow align="flex-start">
          <MinutesField
            control={form.control}
            name="lease_minutes"
            label="Lease (minutes)"
            bounds={DNI_LEASE_MINUTES}
            error={errorOf('lease_minutes')}
            description="How long a visitor keeps a number after their last page view or heartbeat."
          />
          <MinutesField
            control={form.control}
            name="cooldown_minutes"
            label="Cool-down (minutes)"
            bounds={DNI_COOLDOWN_MINUTES}
            error={errorOf('cooldown_minutes')}
            description="How long a number rests before another visitor gets it; a late call still reaches the right visit."
          />
        </Group>

        <Controller
          control={form.control}
          name="fallback_number_id"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Fallback number"
              required={type === 'session'}
              placeholder="Choose a number"
              data={fallbackOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              clearable
              nothingFoundMessage="No number matches"
              error={errorOf('fallback_number_id')}
              description="Shown when every pool number is in use (typically your main line); those calls are counted as fallbacks."
            />
          )}
        />

        {customFields.length > 0 && (
          <Paper withBorder p="sm" component="fieldset" aria-labelledby="pool-custom-fields">
            <Stack gap="xs">
              <Text size="sm" fw={500} id="pool-custom-fields">
                Custom fields
              </Text>
              <Controller
                control={form.control}
                name="eavAttributeValues"
                render={({ field }) => (
                  <CustomValueInputs
                    fields={customFields}
                    value={field.value}
                    onChange={field.onChange}
                    errors={customErrors}
                  />
                )}
              />
            </Stack>
          </Paper>
        )}

        {type === 'static' && sources.length === 0 && (
          <Alert color="yellow" title="No sources yet">
            Each number of a static pool serves one source.{' '}
            <Anchor component={Link} to="/tracking/sources" underline="always" c="inherit" fw={600}>
              Add sources
            </Anchor>{' '}
            first.
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" component={Link} to={pool ? `/tracking/pools/${pool.id}` : '/tracking'}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {pool ? 'Save pool' : 'Create pool'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A whole number of minutes within the pool's bounds (the lease, the cool-down). */
function MinutesField({
  control,
  name,
  label,
  bounds,
  error,
  description,
}: {
  control: Control<PoolFormValues>;
  name: 'lease_minutes' | 'cooldown_minutes';
  label: string;
  bounds: { min: number; max: number };
  error: ReactNode;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          ref={field.ref}
          label={label}
          min={bounds.min}
          max={bounds.max}
          allowDecimal={false}
          value={field.value}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value) || 0)}
          onBlur={field.onBlur}
          error={error}
          description={description}
        />
      )}
    />
  );
}
