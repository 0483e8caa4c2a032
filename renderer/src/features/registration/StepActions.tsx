/** The buttons under each step: back, save the draft (and stay), save and go on. Saving is explicit, per step. */
import { Button, Group } from '@mantine/core';

export function StepActions({
  step,
  saving,
  onBack,
  onSave,
  disabled = false,
}: {
  step: number;
  saving: boolean;
  onBack: () => void;
  /** `next`: go on to the following step once saved. */
  onSave: (next: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={onBack} disabled={step === 0}>
        Back
      </Button>
      <Group>
        <Button variant="default" loading={saving} disabled={disabled} onClick={() => onSave(false)}>
          Save draft
        </Button>
        <Button loading={saving} disabled={disabled} onClick={() => onSave(true)}>
          Save and continue
        </Button>
      </Group>
    </Group>
  );
}
