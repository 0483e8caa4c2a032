/**
 * The "Columns" menu of a table with saved sets: pick a set (own ones, then those shared in the company, marked
 * "Shared"), put the columns in order (a dialog: a menu cannot hold buttons inside its items), save what shows as
 * a set, delete one's own, and — last, as the list is long — show or hide each column. Every change redraws the
 * table at once.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { COLUMN_PRESET_MESSAGES, type ColumnPreset } from '@shared/api/favoriteReports';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmModal, errorText } from '../ConfirmModal';
import { FormDialog } from '../FormDialog';
import { flash } from '../flash';
import { applyServerErrors } from '../formErrors';
import { fieldProps } from '../formFields';
import { type ColumnChoice, orderedChoices, withMoved, withVisible } from './columnPresetModel';
import type { ColumnPresets } from './useColumnPresets';

const DEFAULT_SET = 'default';

export function ColumnsMenu({
  label,
  presets,
  choices,
  canShare,
}: {
  /** The table's name: the menu's button says which table it changes. */
  label: string;
  presets: ColumnPresets;
  choices: readonly ColumnChoice[];
  canShare: boolean;
}) {
  const [dialog, setDialog] = useState<'save' | 'order' | null>(null);
  const [deleting, setDeleting] = useState<ColumnPreset | null>(null);
  const { layout, chosen } = presets;
  const shown = orderedChoices(layout, choices);

  return (
    <>
      {/* Without Mantine's focus placeholder: a menu may hold only items (axe: aria-required-children). */}
      <Menu closeOnItemClick={false} position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" size="xs" aria-label={`Columns of ${label}`}>
            Columns
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Column sets</Menu.Label>
          <Menu.RadioGroup
            value={chosen ? String(chosen.id) : presets.layoutIsDefault ? DEFAULT_SET : null}
            onChange={(value) =>
              presets.choose(presets.presets.find((preset) => String(preset.id) === value) ?? null)
            }
          >
            <Menu.RadioItem value={DEFAULT_SET}>Table default</Menu.RadioItem>
            {presets.presets.map((preset) => (
              <Menu.RadioItem
                key={preset.id}
                value={String(preset.id)}
                rightSection={
                  preset.shared ? (
                    <Badge size="xs" variant="light">
                      {preset.mine ? 'Shared' : `Shared by ${preset.owner.name}`}
                    </Badge>
                  ) : undefined
                }
              >
                {preset.name}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Divider />
          <Menu.Item closeMenuOnClick onClick={() => setDialog('order')}>
            Order columns…
          </Menu.Item>
          <Menu.Item closeMenuOnClick disabled={!presets.canSave} onClick={() => setDialog('save')}>
            Save column set…
          </Menu.Item>
          {chosen?.mine && (
            <Menu.Item closeMenuOnClick onClick={() => setDeleting(chosen)}>
              Delete “{chosen.name}”…
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Label>Columns shown</Menu.Label>
          {shown.map((choice) => (
            <Menu.CheckboxItem
              key={choice.id}
              checked={layout.visibility[choice.id] === true}
              onChange={(checked) =>
                presets.change((current) => withVisible(current, choices, choice.id, checked))
              }
            >
              {choice.label}
            </Menu.CheckboxItem>
          ))}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'order' && (
        <OrderDialog presets={presets} choices={choices} onClose={() => setDialog(null)} />
      )}
      {dialog === 'save' && (
        <SaveDialog presets={presets} canShare={canShare} onClose={() => setDialog(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete column set"
        confirmLabel="Delete column set"
        loading={presets.removing}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          setDeleting(null);
          presets.remove(target).then(
            () => flash('success', COLUMN_PRESET_MESSAGES.deleted),
            (error: unknown) =>
              flash('danger', errorText(error), { title: 'The column set was not deleted' }),
          );
        }}
      >
        {deleting &&
          (deleting.shared
            ? `“${deleting.name}” goes for everyone in the company. The table keeps its columns as they are.`
            : `“${deleting.name}” goes. The table keeps its columns as they are.`)}
      </ConfirmModal>
    </>
  );
}

/** The shown columns in order, each with a button to move it up and one to move it down. */
function OrderDialog({
  presets,
  choices,
  onClose,
}: {
  presets: ColumnPresets;
  choices: readonly ColumnChoice[];
  onClose: () => void;
}) {
  const { layout } = presets;
  const ordered = orderedChoices(layout, choices);
  return (
    <Modal opened onClose={onClose} title="Order columns">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Columns show left to right in this order. Hidden columns keep their place.
        </Text>
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {ordered.map((choice, index) => (
            <Group key={choice.id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm" c={layout.visibility[choice.id] ? undefined : 'dimmed'}>
                {choice.label}
                {layout.visibility[choice.id] ? '' : ' (hidden)'}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${choice.label} up`}
                  disabled={index === 0}
                  onClick={() => presets.change((current) => withMoved(current, choices, choice.id, -1))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${choice.label} down`}
                  disabled={index === ordered.length - 1}
                  onClick={() => presets.change((current) => withMoved(current, choices, choice.id, 1))}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface SaveValues {
  name: string;
  shared: boolean;
}

function SaveDialog({
  presets,
  canShare,
  onClose,
}: {
  presets: ColumnPresets;
  canShare: boolean;
  onClose: () => void;
}) {
  const form = useForm<SaveValues>({ defaultValues: { name: '', shared: false } });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await presets.save(values);
      flash('success', COLUMN_PRESET_MESSAGES.saved);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name', 'shared']) || null);
    }
  });
  return (
    <FormDialog
      title="Save column set"
      submitLabel="Save column set"
      pending={presets.saving}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        data-autofocus
        required
        {...fieldProps(form, 'name', {
          validate: (name) => String(name).trim() !== '' || 'Name the column set.',
        })}
      />
      {canShare && (
        <Checkbox
          label="Share with the company"
          description="Everyone in the company can pick it; only you can delete it."
          {...fieldProps(form, 'shared')}
        />
      )}
    </FormDialog>
  );
}
