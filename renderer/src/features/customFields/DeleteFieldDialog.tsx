/** Deleting a custom field, after saying how many records lose their values with it. */
import type { CustomField } from '@shared/api/customFields';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { useDeleteField, useFieldStats } from './api';
import { records } from './FieldUsage';

export function DeleteFieldDialog({ field, onClose }: { field: CustomField; onClose: () => void }) {
  const stats = useFieldStats(field.id);
  const remove = useDeleteField();
  const carrying = stats.data?.with_value ?? 0;
  return (
    <ConfirmModal
      opened
      title={`Delete ${field.name}?`}
      confirmLabel="Delete field"
      loading={remove.isPending}
      error={remove.error?.message ?? null}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(field, {
          onSuccess: () => {
            flash('success', `Custom field “${field.name}” deleted.`);
            onClose();
          },
          onQueued: onClose,
        })
      }
    >
      {stats.isPending ? (
        'Counting the records that carry it…'
      ) : (
        <>
          {carrying > 0
            ? `${records(carrying)} ${carrying === 1 ? 'carries a value' : 'carry values'} of this field; ${carrying === 1 ? 'it is' : 'they are'} deleted with it.`
            : 'No record carries a value of this field.'}{' '}
          This cannot be undone.
        </>
      )}
    </ConfirmModal>
  );
}
