/**
 * Blocks (§7 Blocks; §3 Block "target, global, number_id, company_id, action 1"): the callers the company's numbers
 * reject — each blocked number, on every number or on which one, who blocked it and when — searchable; blocking a
 * number (§5: any common format, kept as E.164) on every number or on one; lifting a block after a confirmation.
 * Blocking needs inbox.use (agents block spammers); lifting needs settings.manage, and the others are told who can.
 */
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Block } from '@shared/api/blocks';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { ConfirmModal, errorText } from '../../ui/ConfirmModal';
import { DataTable } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { actionsColumn } from '../../ui/RowActions';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import {
  type BlockDraft,
  blockBody,
  blockErrors,
  blockScope,
  GLOBAL_SCOPE,
  type NumberChoice,
  numberName,
  searchBlocks,
  targetPreview,
  targetProblem,
} from './blockModel';
import { useAddBlock, useBlocks, useNumberChoices, useRemoveBlock } from './blocksApi';

export const BLOCK_ADDED = 'Number blocked.';
export const BLOCK_REMOVED = 'Block removed.';

const NO_BLOCKS: Block[] = [];
const NO_NUMBERS: NumberChoice[] = [];
const column = createColumnHelper<Block>();

export function BlocksPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canUse = roleCan(company?.role, 'inbox.use');
  const canRemove = roleCan(company?.role, 'settings.manage');
  const timeZone = useTimeZone();
  const blocks = useBlocks(canUse ? companyId : 0);
  const numbers = useNumberChoices(companyId, canUse && roleCan(company?.role, 'numbers.view'));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Block | null>(null);
  const [search, setSearch] = useState('');
  const remove = useRemoveBlock();

  const numberList = numbers.data ?? NO_NUMBERS;
  const byId = useMemo(() => new Map(numberList.map((number) => [number.id, number])), [numberList]);

  const columns = useMemo(
    () => [
      column.accessor('target', {
        header: 'Blocked number',
        cell: (info) => (
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(info.getValue())}
          </Text>
        ),
      }),
      column.display({
        id: 'scope',
        header: 'Blocked on',
        cell: (info) => blockScope(info.row.original, byId),
      }),
      column.accessor((block) => block.blocked_by?.name ?? '', {
        id: 'blocked_by',
        header: 'Blocked by',
        cell: (info) =>
          info.getValue() || (
            <Text size="sm" c="dimmed">
              A former user
            </Text>
          ),
      }),
      column.accessor('created_at', {
        header: 'When',
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatWhen(info.getValue(), timeZone)}
          </Text>
        ),
      }),
      ...actionsColumn<Block>(
        (block) => (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              aria-label={`Remove the block on ${formatPhone(block.target)}`}
              onClick={() => {
                remove.reset();
                setRemoving(block);
              }}
            >
              Remove
            </Button>
          </Group>
        ),
        { shown: canRemove },
      ),
    ],
    [byId, timeZone, canRemove, remove.reset],
  );

  const all = blocks.data?.data ?? NO_BLOCKS;
  const rows = useMemo(() => searchBlocks(all, search, byId), [all, search, byId]);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canUse)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see or add blocks." />;
  else if (blocks.isPending) body = <RowsSkeleton label="Loading blocked numbers" />;
  else if (blocks.error && !blocks.data)
    body = <QueryErrorState title="Could not load the blocked numbers" query={blocks} />;
  else
    body = (
      <>
        <TextInput
          type="search"
          label="Search blocked numbers"
          placeholder="Number, tracked number or who blocked it"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <DataTable
          label="Blocked numbers"
          data={rows}
          columns={columns}
          busy={blocks.isFetching && !blocks.isPending}
          empty={
            search.trim() && all.length ? (
              <EmptyState title="No block matches">Try another number or name.</EmptyState>
            ) : (
              <EmptyState title="No blocked numbers">
                A blocked caller is rejected before any number of the company rings. Block a spammer with
                “Block a number”.
              </EmptyState>
            )
          }
          scrollContainer={{ minWidth: 720 }}
        />
      </>
    );

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Blocks
          </Title>
          <Text c="dimmed">Callers the company’s numbers reject, on every number or on one.</Text>
        </Stack>
        {canUse && <Button onClick={() => setAdding(true)}>Block a number</Button>}
      </Group>
      {company && canUse && !canRemove && (
        <Text size="sm" c="dimmed" role="note">
          You can block numbers; only {whoMay('settings.manage')} can remove a block, so a block set by
          mistake is lifted by one of them.
        </Text>
      )}
      {body}
      {adding && (
        <AddBlockDialog
          companyId={companyId}
          numbers={numberList}
          numbersLoading={numbers.isPending && numbers.fetchStatus !== 'idle'}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title="Remove block"
        confirmLabel="Remove block"
        destructive={false}
        loading={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: () => {
              flash('success', BLOCK_REMOVED);
              setRemoving(null);
            },
          })
        }
      >
        {removing &&
          `Calls from ${formatPhone(removing.target)} will ring ${
            removing.global ? 'the company’s numbers' : blockScope(removing, byId)
          } again.`}
      </ConfirmModal>
    </Stack>
  );
}

function AddBlockDialog({
  companyId,
  numbers,
  numbersLoading,
  onClose,
}: {
  companyId: number;
  numbers: readonly NumberChoice[];
  numbersLoading: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<BlockDraft>({ target: '', scope: GLOBAL_SCOPE });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const add = useAddBlock();
  const scopes = useMemo(
    () => [
      { value: GLOBAL_SCOPE, label: 'All numbers of the company' },
      ...numbers.map((number) => ({ value: String(number.id), label: numberName(number) })),
    ],
    [numbers],
  );
  const preview = targetPreview(draft.target);
  const change = (changes: Partial<BlockDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setTouched(true);
    const found = blockErrors(companyId, draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    add.mutate(blockBody(companyId, draft), {
      onSuccess: () => {
        flash('success', BLOCK_ADDED);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) {
          const placed: Partial<Record<string, string>> = {};
          let other = '';
          for (const [field, messages] of Object.entries(error.errors)) {
            const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
            if (field === 'target' || field === 'number_id') placed[field] = text;
            else other ||= text;
          }
          setErrors(placed);
          setFailure(other || null);
        } else setFailure(error.message);
      },
    });
  };

  return (
    <FormDialog
      title="Block a number"
      submitLabel="Block"
      pending={add.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Phone number to block"
        placeholder="(646) 555-0142 or +44 20 7946 0018"
        inputMode="tel"
        autoComplete="off"
        value={draft.target}
        onChange={(event) => change({ target: event.currentTarget.value })}
        onBlur={() => setTouched(true)}
        error={errors.target ?? (touched ? targetProblem(draft.target) : undefined)}
        description={
          preview
            ? `Calls from ${preview} will be rejected.`
            : 'Any common format; a number without a country code is read as +1.'
        }
        data-autofocus
      />
      <Select
        label="Block on"
        data={scopes}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No number matches"
        value={draft.scope}
        onChange={(scope) => scope && change({ scope })}
        error={errors.number_id}
        description={numbersLoading ? 'Loading the company’s numbers…' : undefined}
      />
    </FormDialog>
  );
}
