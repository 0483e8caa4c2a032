/**
 * Buy numbers (§7 Numbers, §5 search modes and vanity): local by area code or state, or toll-free by prefix; a
 * pattern of digits or letters read in one of the three modes; the carrier's numbers with their vanity form; one
 * bought at once, or several as a bulk purchase with its progress live and each failure named. At the number
 * limit the refusal says so, with the way to ask for more.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AvailableNumber } from '@shared/api/numberPurchase';
import { NUMBER_SEARCH_MODES } from '@shared/domain/numbers';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone, TOLL_FREE_AREA_CODES } from '@shared/domain/phone';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { DataTable, selectColumn } from '../../ui/DataTable';
import { flash } from '../../ui/flash';
import { applyServerErrors, failureSummary } from '../../ui/formErrors';
import { fieldProps } from '../../ui/formFields';
import { EmptyState, ErrorAlert, ErrorState } from '../../ui/States';
import {
  type BuyKind,
  bulkPercent,
  bulkStatusText,
  buyLabel,
  cleanPattern,
  EMPTY_SEARCH,
  isBulkEnded,
  locateBody,
  SEARCH_FIELDS,
  type SearchForm,
  searchProblems,
  typeOfKind,
} from './buyModel';
import { RequestIncreaseDialog } from './NumberLimit';
import {
  useAreaCodeOverlay,
  useAvailableNumbers,
  useBulkPurchase,
  useBuyNumber,
  useNumberLimit,
} from './numbersApi';

const NO_RESULTS: AvailableNumber[] = [];
const column = createColumnHelper<AvailableNumber>();
const ANY_PREFIX = 'any';
const PREFIX_OPTIONS = [
  { value: ANY_PREFIX, label: 'Any' },
  ...TOLL_FREE_AREA_CODES.map((code) => ({ value: code, label: code })),
];
const KIND_OPTIONS = [
  { value: 'local', label: 'Local' },
  { value: 'toll-free', label: 'Toll-free' },
];
const MODE_OPTIONS = NUMBER_SEARCH_MODES.map((mode) => ({ value: mode.value, label: mode.label }));

function capabilitiesText({ voice, sms, mms }: AvailableNumber['capabilities']): string {
  const named = [voice && 'Voice', sms && 'SMS', mms && 'MMS'].filter(Boolean);
  return named.length ? named.join(', ') : 'None';
}

const columns = [
  selectColumn<AvailableNumber>({
    rowLabel: (number) => `Select ${number.vanity ?? number.formatted}`,
    allLabel: 'Select all',
  }),
  column.accessor('formatted', {
    header: 'Number',
    cell: ({ row: { original: number } }) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {number.formatted}
        </Text>
        {number.vanity && (
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {number.vanity}
          </Text>
        )}
      </Stack>
    ),
  }),
  column.accessor('locality', {
    header: 'Location',
    cell: ({ row: { original: number } }) =>
      [number.locality, number.region].filter(Boolean).join(', ') || '—',
  }),
  column.accessor('capabilities', {
    header: 'Capabilities',
    cell: (info) => capabilitiesText(info.getValue()),
  }),
];

/** What went wrong with a purchase: at the limit (409) it says so with the way to ask for more. */
interface BuyFailure {
  message: string;
  atLimit: boolean;
}

export function BuyNumbersPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canManage = roleCan(company?.role, 'numbers.manage');

  const form = useForm<SearchForm>({ defaultValues: EMPTY_SEARCH });
  const kind = form.watch('kind');
  const [searched, setSearched] = useState<{ form: SearchForm; companyId: number } | null>(null);
  const body = useMemo(() => (searched ? locateBody(searched.companyId, searched.form) : null), [searched]);
  const available = useAvailableNumbers(body);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [failure, setFailure] = useState<BuyFailure | null>(null);
  const [requesting, setRequesting] = useState(false);

  const limit = useNumberLimit(canManage ? companyId : 0);
  const buy = useBuyNumber();
  const bulk = useBulkPurchase(canManage ? companyId : 0);

  // A refused search: each message beside its field, anything else above the results.
  const [searchError, setSearchError] = useState<string | null>(null);
  const { setError } = form;
  useEffect(() => {
    if (!available.error) return setSearchError(null);
    setSearchError(applyServerErrors(available.error, setError, SEARCH_FIELDS) || null);
  }, [available.error, setError]);

  const results = available.data?.data ?? NO_RESULTS;
  const chosen = results.filter((number) => selection[number.number]);

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canManage)
    return <ErrorState title="Not allowed" error="Your role in this company cannot buy numbers." />;

  const search = form.handleSubmit((values) => {
    const problems = searchProblems(values);
    const fields = Object.entries(problems) as [keyof typeof problems, string][];
    if (fields.length) {
      for (const [field, message] of fields) form.setError(field, { type: 'client', message });
      form.setFocus(fields[0]?.[0] ?? 'area_code');
      return;
    }
    setSelection({});
    setFailure(null);
    setSearched({ form: values, companyId });
    // The same search again asks the carrier again (what it offers changes as others buy).
    if (searched && JSON.stringify(searched.form) === JSON.stringify(values)) void available.refetch();
  });

  const failed = (error: ApiError | Error) =>
    setFailure({
      message: failureSummary(error),
      atLimit: error instanceof ApiError && error.status === 409,
    });

  const buyChosen = () => {
    setFailure(null);
    const type = typeOfKind(searched?.form.kind ?? kind);
    const [first] = chosen;
    if (!first) return;
    if (chosen.length === 1) {
      buy.mutate(
        { companyId, number: first.number, type },
        {
          onSuccess: (number) => {
            flash('success', `${formatPhone(number.number)} is now one of the company’s numbers.`, {
              title: 'Number bought',
            });
            setSelection({});
          },
          onError: failed,
        },
      );
    } else {
      bulk.send.mutate(
        { companyId, numbers: chosen.map((number) => number.number), type },
        { onSuccess: () => setSelection({}), onError: failed },
      );
    }
  };

  const changeKind = (next: BuyKind) => {
    form.setValue('kind', next);
    form.setValue('area_code', '');
    form.setValue('region', '');
    form.setValue('city', '');
    form.clearErrors();
  };

  const running = bulk.batch !== null && !isBulkEnded(bulk.batch);
  let resultsArea: ReactNode = null;
  if (searched) {
    resultsArea =
      available.isFetching && !available.data ? null : available.error ? null : (
        <DataTable
          label="Available numbers"
          data={results}
          columns={columns}
          getRowId={(number) => number.number}
          busy={available.isFetching}
          enableRowSelection
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          empty={
            <EmptyState title="No numbers match">
              Try another pattern or mode.
              {searched.form.kind === 'local' && searched.form.area_code.trim() && (
                <OverlaySuggestion
                  areaCode={searched.form.area_code.trim()}
                  onSearch={(code) => {
                    form.setValue('area_code', code);
                    void search();
                  }}
                />
              )}
            </EmptyState>
          }
          scrollContainer={{ minWidth: 560 }}
        />
      );
  }

  return (
    <Stack>
      <Stack gap={4}>
        <Anchor component={Link} to="/numbers" size="sm">
          Numbers
        </Anchor>
        <Title order={1} size="h2">
          Buy numbers
        </Title>
        {limit.data && (
          <Text size="sm" c="dimmed">
            {limit.data.used} of {limit.data.limit} numbers
            {limit.data.increase_requested ? ' · Increase requested' : ''}
          </Text>
        )}
      </Stack>

      <form onSubmit={search} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Number type"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(value) => changeKind(value as BuyKind)}
            w="fit-content"
          />
          <Group align="flex-start" gap="sm">
            {kind === 'local' ? (
              <>
                <TextInput
                  label="Area code"
                  placeholder="312"
                  inputMode="numeric"
                  maxLength={3}
                  w={120}
                  {...fieldProps(form, 'area_code')}
                />
                <Text pt={30} size="sm" c="dimmed">
                  or
                </Text>
                <TextInput
                  label="Near a city"
                  placeholder="Chicago"
                  maxLength={60}
                  w={160}
                  {...fieldProps(form, 'city')}
                />
                <TextInput
                  label="State"
                  placeholder="IL"
                  maxLength={2}
                  w={100}
                  {...fieldProps(form, 'region')}
                />
              </>
            ) : (
              <Controller
                control={form.control}
                name="area_code"
                render={({ field, fieldState }) => (
                  <Select
                    label="Toll-free prefix"
                    data={PREFIX_OPTIONS}
                    ref={field.ref}
                    value={field.value || ANY_PREFIX}
                    onChange={(value) => field.onChange(value === ANY_PREFIX || !value ? '' : value)}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                    w={140}
                  />
                )}
              />
            )}
            <Controller
              control={form.control}
              name="pattern"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Pattern"
                  description="Digits or letters, such as CARS"
                  placeholder="CARS"
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(cleanPattern(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  w={220}
                />
              )}
            />
          </Group>
          <Controller
            control={form.control}
            name="mode"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Search mode"
                data={MODE_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                w="fit-content"
              />
            )}
          />
          <Group>
            <Button type="submit" loading={available.isFetching}>
              Search numbers
            </Button>
          </Group>
          <ErrorAlert message={searchError} />
        </Stack>
      </form>

      {searched && available.isFetching && !available.data && (
        <Text size="sm" c="dimmed" role="status">
          Searching…
        </Text>
      )}
      {resultsArea}

      {results.length > 0 && (
        <Group>
          <Button
            onClick={buyChosen}
            disabled={chosen.length === 0 || running}
            loading={buy.isPending || bulk.send.isPending}
          >
            {buyLabel(chosen.length)}
          </Button>
          <Text size="sm" c="dimmed">
            {chosen.length ? `${chosen.length} chosen` : 'Choose the numbers to buy'}
          </Text>
        </Group>
      )}

      {failure && (
        <Alert color="red" role="alert" title={failure.atLimit ? 'Number limit reached' : 'Not bought'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure.message}</Text>
            {failure.atLimit &&
              (limit.data?.increase_requested ? (
                <Text size="sm">Increase requested: support will answer.</Text>
              ) : (
                <Button size="xs" variant="light" onClick={() => setRequesting(true)}>
                  Request more numbers
                </Button>
              ))}
          </Stack>
        </Alert>
      )}

      {bulk.batch && (
        <Stack gap="xs" aria-label="Bulk purchase" role="region">
          <Progress
            value={bulkPercent(bulk.batch)}
            aria-label="Bulk purchase progress"
            size="lg"
            striped={running}
            animated={running}
            color={isBulkEnded(bulk.batch) && bulk.batch.failed.length ? 'yellow' : undefined}
          />
          <Text size="sm" aria-live="polite" role="status">
            {bulkStatusText(bulk.batch)}
          </Text>
          {isBulkEnded(bulk.batch) && bulk.batch.failed.length > 0 && (
            <Stack gap={2} component="ul" m={0} pl="md">
              {bulk.batch.failed.map((item) => (
                <Text key={item.number} component="li" size="sm">
                  {formatPhone(item.number)}: {item.reason}
                </Text>
              ))}
            </Stack>
          )}
          {isBulkEnded(bulk.batch) && (
            <Group>
              <Button component={Link} to="/numbers" variant="light" size="xs">
                See the numbers
              </Button>
              <Button variant="subtle" size="xs" onClick={bulk.dismiss}>
                Close
              </Button>
            </Group>
          )}
        </Stack>
      )}

      <RequestIncreaseDialog
        companyId={companyId}
        limit={limit.data}
        opened={requesting}
        onClose={() => setRequesting(false)}
      />
    </Stack>
  );
}

/**
 * When an area code has nothing left: the codes that serve the same place (its overlay), each one click from a
 * search. Nothing shows for a code with no overlay the platform knows of.
 */
function OverlaySuggestion({ areaCode, onSearch }: { areaCode: string; onSearch: (code: string) => void }) {
  const overlay = useAreaCodeOverlay(areaCode);
  const codes = overlay.data?.overlays ?? [];
  if (!codes.length) return null;
  return (
    <Group gap="xs" justify="center" mt="xs">
      <Text size="sm">{overlay.data?.place ? `Also in ${overlay.data.place}:` : 'Same place:'}</Text>
      {codes.map((code) => (
        <Button key={code} size="compact-sm" variant="light" onClick={() => onSearch(code)}>
          Search {code}
        </Button>
      ))}
    </Group>
  );
}
