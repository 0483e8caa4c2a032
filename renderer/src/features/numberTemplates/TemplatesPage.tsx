/**
 * Number templates (§2 "number templates", §7): the company's templates by name, how many numbers use each and when
 * it last changed; a new template, applying one to numbers, and deleting one (with undo) for who manages numbers.
 */
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { NumberTemplate } from '@shared/api/numberTemplates';
import { roleCan } from '@shared/domain/permissions';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/context';
import { useTimeZone } from '../../app/timeZone';
import { DataTable } from '../../ui/DataTable';
import { formatWhen } from '../../ui/dateTime';
import { actionsColumn } from '../../ui/RowActions';
import { EmptyState, ErrorState, QueryErrorState } from '../../ui/States';
import { NumbersAreaTabs } from '../numbers/NumbersAreaTabs';
import { ApplyTemplateDialog } from './ApplyTemplateDialog';
import { DeleteTemplateDialog } from './DeleteTemplate';
import { useTemplates } from './templatesApi';

const NO_TEMPLATES: NumberTemplate[] = [];
const column = createColumnHelper<NumberTemplate>();

/** "3 numbers", "1 number", "None". */
export function usageText(count: number): string {
  if (count === 0) return 'None';
  return count === 1 ? '1 number' : `${count} numbers`;
}

export function TemplatesPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  const canManage = roleCan(company?.role, 'numbers.manage');
  const templates = useTemplates(canView ? companyId : 0);
  const tz = useTimeZone();
  const [applying, setApplying] = useState<NumberTemplate | null>(null);
  const [deleting, setDeleting] = useState<NumberTemplate | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <Group gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/numbers/templates/${info.row.original.id}`}>
              {info.getValue()}
            </Anchor>
            {info.row.original.ai_extraction_enabled && (
              <Badge size="sm" variant="light">
                AI extraction
              </Badge>
            )}
          </Group>
        ),
      }),
      column.accessor('numbers_count', {
        header: 'Numbers using it',
        cell: (info) => usageText(info.getValue()),
      }),
      column.accessor('updated_at', {
        header: 'Updated',
        cell: (info) => <time dateTime={info.getValue()}>{formatWhen(info.getValue(), tz)}</time>,
      }),
      ...actionsColumn<NumberTemplate>(
        (row) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              aria-label={`Apply ${row.name} to numbers`}
              onClick={() => setApplying(row)}
            >
              Apply to numbers
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={`Delete ${row.name}`}
              onClick={() => setDeleting(row)}
            >
              Delete
            </Button>
          </Group>
        ),
        { shown: canManage },
      ),
    ],
    [tz, canManage],
  );

  if (!company) return <EmptyState title="You are not in a company yet" />;
  if (!canView)
    return <ErrorState title="Not allowed" error="Your role in this company cannot see its numbers." />;

  const create = canManage && (
    <Button component={Link} to="/numbers/templates/new">
      New template
    </Button>
  );

  return (
    <Stack>
      <NumbersAreaTabs />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Number templates
          </Title>
          <Text c="dimmed" size="sm">
            A template is a number configuration — extensions, greeting, voicemail, hours and switches — to
            apply to many numbers at once.
          </Text>
        </Stack>
        {create}
      </Group>
      {templates.error && !templates.data ? (
        <QueryErrorState title="Could not load the templates" query={templates} />
      ) : (
        <DataTable
          label="Number templates"
          data={templates.data ?? NO_TEMPLATES}
          columns={columns}
          loading={templates.isPending}
          loadingLabel="Loading templates"
          busy={templates.isFetching && !templates.isPending}
          empty={
            <Stack align="center" gap="xs" py="xl">
              <Text fw={600}>No templates yet</Text>
              <Text c="dimmed" ta="center">
                {canManage
                  ? 'Make a template once — routing, hours, greeting — and apply it to every number that should work the same way.'
                  : 'An administrator can make templates.'}
              </Text>
              {create}
            </Stack>
          }
          scrollContainer={{ minWidth: 560 }}
        />
      )}
      {canManage && (
        <>
          <ApplyTemplateDialog
            companyId={companyId}
            templateId={applying?.id}
            opened={applying !== null}
            onClose={() => setApplying(null)}
          />
          <DeleteTemplateDialog companyId={companyId} template={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
