/**
 * Closing an alert (§3 "Alert close reasons"): a reason, and a comment — required when the reason is Other. The
 * server decides (shared/api/alerts.ts AlertUpdateSchema); its per-field messages show beside the reason and the
 * comment.
 */
import { Textarea } from '@mantine/core';
import { ALERT_MESSAGES, type Alert } from '@shared/api/alerts';
import { ALERT_CLOSE_REASONS, type AlertCloseReason } from '@shared/domain/alerts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../ui/FormDialog';
import { flash } from '../../ui/flash';
import { applyServerErrors } from '../../ui/formErrors';
import { fieldProps, SelectField } from '../../ui/formFields';
import { useUpdateAlert } from './alertsApi';

interface CloseValues {
  reason: string | null;
  comment: string;
}

const REASON_OPTIONS = ALERT_CLOSE_REASONS.map((reason) => ({ value: reason.value, label: reason.label }));

export function CloseAlertDialog({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  const form = useForm<CloseValues>({ defaultValues: { reason: null, comment: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateAlert(alert);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const comment = values.comment.trim();
    update.mutate(
      {
        state: 'closed',
        reason: (values.reason as AlertCloseReason | null) ?? null,
        comment: comment === '' ? null : comment,
      },
      {
        onSuccess: () => {
          flash('success', ALERT_MESSAGES.closed);
          onClose();
        },
        onError: (error) =>
          setFormError(applyServerErrors(error, form.setError, ['reason', 'comment']) || null),
      },
    );
  });

  return (
    <FormDialog
      title="Close alert"
      submitLabel="Close alert"
      pending={update.isPending}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        control={form.control}
        name="reason"
        label="Reason"
        data={REASON_OPTIONS}
        placeholder="Choose a reason"
        withAsterisk
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Comment"
        description={reason === 'other' ? 'Say why: the reason is Other.' : 'Optional'}
        withAsterisk={reason === 'other'}
        autosize
        minRows={3}
        maxLength={1000}
        {...fieldProps(form, 'comment')}
      />
    </FormDialog>
  );
}
