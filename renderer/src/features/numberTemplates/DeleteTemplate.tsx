/**
 * Deleting a template: a confirmation saying what stays (the numbers keep their configuration), then a message
 * with Undo for a few seconds — undo makes the template again from what it held (the numbers stay unlinked).
 */
import type { NumberTemplate } from '@shared/api/numberTemplates';
import { ConfirmModal, errorText } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { flashWithUndo } from '../../ui/flashUndo';
import { failureSummary } from '../../ui/formErrors';
import { templateAsCreate } from './templateModel';
import { useCreateTemplate, useDeleteTemplates } from './templatesApi';

export function DeleteTemplateDialog({
  companyId,
  template,
  onClose,
  onDeleted,
}: {
  companyId: number;
  /** The template to delete; null: the dialog is closed. */
  template: NumberTemplate | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteTemplates();
  const create = useCreateTemplate();

  const undo = (gone: NumberTemplate) =>
    create.mutate(
      { companyId, body: templateAsCreate(gone) },
      {
        onSuccess: (made) => flash('success', `The template “${made.name}” is back.`),
        onError: (failure) =>
          flash('danger', `The template could not be made again: ${failureSummary(failure)}`),
      },
    );

  const confirm = () => {
    if (!template) return;
    const gone = template;
    remove.mutate(
      { companyId, ids: [gone.id] },
      {
        onSuccess: (answer) => {
          flashWithUndo(answer.message, {
            id: `template-deleted-${gone.id}`,
            undoLabel: `Undo deleting ${gone.name}`,
            onUndo: () => undo(gone),
          });
          onClose();
          onDeleted?.();
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened={template !== null}
      title="Delete template"
      confirmLabel="Delete template"
      focusCancel
      loading={remove.isPending}
      error={remove.error ? errorText(remove.error) : null}
      onConfirm={confirm}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      {template &&
        `Delete “${template.name}”? ${
          template.numbers_count === 0
            ? 'No number has it applied.'
            : `The ${template.numbers_count === 1 ? 'number' : `${template.numbers_count} numbers`} it was applied to keep their configuration.`
        }`}
    </ConfirmModal>
  );
}
