/**
 * The number's custom fields (§3 Number eavAttributeValues; custom field entity type "number 1"): the company's
 * number fields, filled in and saved on their own through `PUT /numbers/{id}`; a refused value says why beside
 * its field. Nothing shows when the company has no number fields (an administrator adds them in Custom fields).
 */
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { CustomValueInput } from '@shared/api/contacts';
import type { NumberDetail } from '@shared/api/numbers';
import { ENTITY_TYPES } from '@shared/domain/customFields';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { ErrorAlert } from '../../ui/States';
import { CustomValueInputs, customValueErrors, useCustomFields } from '../customFields/CustomValueInputs';
import { useSaveNumber } from './numberPageApi';

export function NumberCustomFields({ detail, canManage }: { detail: NumberDetail; canManage: boolean }) {
  const fields = useCustomFields(ENTITY_TYPES.number, detail.company_id);
  const [values, setValues] = useState<CustomValueInput[]>(detail.eavAttributeValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveNumber((message) => flash('success', message));
  if (!fields.data?.length) return null;

  const submit = () => {
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        id: detail.id,
        name: detail.label || formatPhone(detail.number),
        changes: { eavAttributeValues: values },
      },
      {
        onError: (error) => {
          const placed = error instanceof ApiError ? customValueErrors(error.errors, values) : {};
          setErrors(placed);
          setFailure(Object.keys(placed).length ? 'Some fields need another look.' : failureSummary(error));
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby="number-custom-fields">
      <Stack>
        <Title order={2} size="h4" id="number-custom-fields">
          Custom fields
        </Title>
        <CustomValueInputs
          fields={fields.data}
          value={values}
          onChange={setValues}
          errors={errors}
          disabled={!canManage}
        />
        <ErrorAlert message={failure} />
        {canManage && (
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              Save custom fields
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
