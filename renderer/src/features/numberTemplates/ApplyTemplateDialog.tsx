/**
 * "Apply to numbers": a template and the company's numbers it is applied to (a searchable multi-select), sent as
 * `POST …/numberTemplates/{id}/apply`; the answer ("The template was applied to 3 numbers.") is flashed and
 * handed to `onDone`. From a template's screen the template is fixed (`templateId`); from the Numbers screen's bulk
 * action the numbers come chosen (`numberIds`) and the template is picked here. A refusal stays in the dialog.
 */
import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { formatPhone } from '@shared/domain/phone';
import { useEffect, useMemo, useState } from 'react';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { ErrorAlert } from '../../ui/States';
import { useApplyTemplate, useNumbersToChoose, useTemplates } from './templatesApi';

export interface ApplyTemplateResult {
  message: string;
  updated: number;
}

export interface ApplyTemplateDialogProps {
  companyId: number;
  /** The numbers chosen to start with (the Numbers screen's selection); the person may change them. */
  numberIds?: readonly number[];
  /** The template to apply; without it the dialog offers the company's templates. */
  templateId?: number;
  opened: boolean;
  onClose: () => void;
  /** Once applied, with the server's answer (the dialog has closed). */
  onDone?: (result: ApplyTemplateResult) => void;
}

export function ApplyTemplateDialog({
  companyId,
  numberIds,
  templateId,
  opened,
  onClose,
  onDone,
}: ApplyTemplateDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Apply template to numbers" size="lg">
      {opened && (
        <ApplyForm
          companyId={companyId}
          numberIds={numberIds}
          templateId={templateId}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function ApplyForm({
  companyId,
  numberIds,
  templateId,
  onClose,
  onDone,
}: Omit<ApplyTemplateDialogProps, 'opened'>) {
  const templates = useTemplates(companyId);
  const numbers = useNumbersToChoose(companyId, true);
  const apply = useApplyTemplate();
  const [template, setTemplate] = useState<string | null>(templateId ? String(templateId) : null);
  const [chosen, setChosen] = useState<string[]>(() => (numberIds ?? []).map(String));
  const [error, setError] = useState('');

  useEffect(() => {
    if (templateId) setTemplate(String(templateId));
  }, [templateId]);

  const templateOptions = useMemo(
    () => (templates.data ?? []).map((row) => ({ value: String(row.id), label: row.name })),
    [templates.data],
  );
  const numberOptions = useMemo(
    () =>
      (numbers.data?.data ?? []).map((row) => ({
        value: String(row.id),
        label: row.label ? `${formatPhone(row.number)} · ${row.label}` : formatPhone(row.number),
      })),
    [numbers.data],
  );
  const fixedName = templateId ? templates.data?.find((row) => row.id === templateId)?.name : undefined;
  const more = (numbers.data?.total ?? 0) - (numbers.data?.data.length ?? 0);

  const submit = () => {
    setError('');
    if (!template) return setError('Choose a template.');
    if (chosen.length === 0) return setError('Choose at least one number.');
    apply.mutate(
      { companyId, templateId: Number(template), numberIds: chosen.map(Number) },
      {
        onSuccess: (answer) => {
          flash('success', answer.message);
          onClose();
          onDone?.(answer);
        },
        onError: (failure) => setError(failureSummary(failure)),
      },
    );
  };

  return (
    <form
      aria-label="Apply template to numbers"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {templateId ? (
          <Text size="sm">
            Template: <strong>{fixedName ?? 'this template'}</strong>
          </Text>
        ) : (
          <Select
            label="Template"
            placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
            data={templateOptions}
            value={template}
            onChange={setTemplate}
            searchable
            nothingFoundMessage={templates.isPending ? 'Loading…' : 'No template by that name'}
            error={templates.error ? 'The templates could not be loaded.' : undefined}
          />
        )}
        <MultiSelect
          label="Numbers"
          description="Search by number or label. Their routing, greeting, voicemail, hours and switches become the template’s; their labels stay and their tags gain the template’s."
          placeholder={numbers.isPending ? 'Loading numbers…' : 'Choose numbers'}
          data={numberOptions}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          nothingFoundMessage={numbers.isPending ? 'Loading…' : 'No number matches'}
          error={numbers.error ? 'The numbers could not be loaded.' : undefined}
        />
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setChosen(numberOptions.map((option) => option.value))}
            disabled={numberOptions.length === 0}
          >
            Choose all {numberOptions.length} numbers
          </Button>
          {chosen.length > 0 && (
            <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setChosen([])}>
              Clear
            </Button>
          )}
        </Group>
        {more > 0 && (
          <Text size="xs" c="dimmed">
            The first {numberOptions.length} numbers are listed.
          </Text>
        )}
        <Text size="sm" aria-live="polite">
          {chosen.length === 1 ? '1 number chosen' : `${chosen.length} numbers chosen`}
        </Text>
        <ErrorAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={apply.isPending}>
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
