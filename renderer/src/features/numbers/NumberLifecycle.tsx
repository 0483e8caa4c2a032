/**
 * A number's life on its page: while it is being released, a notice with its removal date and "Keep this number"
 * (the undo, until that day); for who may manage numbers, "Release number" (it keeps taking calls for §9's 30
 * days) and "Rotate number" (a fresh number of the same area code takes its place, keeping its routing, settings
 * and history — the usual cure for a number carriers have started labelling as spam; not for fax numbers). Each
 * asks first.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { NumberDetail } from '@shared/api/numbers';
import { INACTIVE_NUMBER_REMOVAL_DAYS } from '@shared/domain/limits';
import { canPlaceCalls } from '@shared/domain/numbers';
import { formatPhone } from '@shared/domain/phone';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { flash } from '../../ui/flash';
import { failureSummary } from '../../ui/formErrors';
import { useKeepNumber, useReleaseNumber, useRotateNumber } from './numberTableApi';

export function NumberLifecycle({ detail, canManage }: { detail: NumberDetail; canManage: boolean }) {
  const [asking, setAsking] = useState<'release' | 'rotate' | null>(null);
  const release = useReleaseNumber();
  const keep = useKeepNumber();
  const rotate = useRotateNumber();
  const shown = formatPhone(detail.number);
  const areaCode = detail.number.slice(2, 5);
  const close = () => setAsking(null);

  return (
    <>
      {detail.status === 'inactive' && detail.remove_at && (
        <Alert color="orange" title="This number is being released">
          <Group justify="space-between" align="center">
            <Text size="sm">
              It keeps taking calls and texts until {dayjs(detail.remove_at).format('MMM D, YYYY')}, then goes
              back to the carrier for good.
            </Text>
            {canManage && (
              <Button
                size="xs"
                loading={keep.isPending}
                onClick={() =>
                  keep.mutate(detail.id, {
                    onSuccess: () => flash('success', `${shown} stays with the company.`),
                    onError: (error) => flash('danger', failureSummary(error)),
                  })
                }
              >
                Keep this number
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {canManage && (
        <Group gap="xs">
          {canPlaceCalls(detail.type) && (
            <Button size="xs" variant="default" onClick={() => setAsking('rotate')}>
              Rotate number
            </Button>
          )}
          {detail.status === 'active' && (
            <Button size="xs" variant="light" color="red" onClick={() => setAsking('release')}>
              Release number
            </Button>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={asking === 'release'}
        title={`Release ${shown}?`}
        confirmLabel="Release number"
        focusCancel
        loading={release.isPending}
        error={release.error ? failureSummary(release.error) : null}
        onClose={close}
        onConfirm={() =>
          release.mutate(detail.id, {
            onSuccess: (state) => {
              close();
              flash(
                'success',
                `${shown} will be released on ${dayjs(state.remove_at).format('MMM D, YYYY')}; you can keep it until then.`,
              );
            },
          })
        }
      >
        <Text size="sm">
          It keeps taking calls and texts for {INACTIVE_NUMBER_REMOVAL_DAYS} days, then goes back to the
          carrier and someone else may get it. Its calls and conversations stay in the history.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'rotate'}
        title={`Rotate ${shown}?`}
        confirmLabel="Rotate number"
        focusCancel
        loading={rotate.isPending}
        error={rotate.error ? failureSummary(rotate.error) : null}
        onClose={close}
        onConfirm={() =>
          rotate.mutate(detail.id, {
            onSuccess: (answer) => {
              close();
              flash(
                'success',
                `Now ${formatPhone(answer.number)}; ${formatPhone(answer.previous)} was released.`,
              );
            },
          })
        }
      >
        <Text size="sm">
          A new number in area code {areaCode} takes its place, with the same routing, settings and history.
          Callers who dial {shown} will no longer reach the company.
        </Text>
      </ConfirmModal>
    </>
  );
}
