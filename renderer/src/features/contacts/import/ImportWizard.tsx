/**
 * The contact import wizard (§7 `PUT /companies/{companyId}/contacts`, §5 import file, §8 import messages):
 * choose a CSV or XLSX file, map its columns to contact fields and pick groups, import with a progress bar fed by
 * realtime events, then the summary and the bad-rows report. Closing it while an import runs leaves the import
 * running, followed by a notification (see `importTracker`).
 */
import { Modal, Stack, Stepper } from '@mantine/core';
import type { ImportPreview } from '@shared/api/contacts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShell } from '../../../app/context';
import { useGroups } from '../../groups/api';
import { ChooseFileStep } from './ChooseFileStep';
import { DoneStep } from './DoneStep';
import { ImportReady, ImportRunning } from './ImportStep';
import { failureText, fetchContactCustomFields, importKeys, previewFile } from './importApi';
import { canImport, cleanMapping, initialChoice, type MappingChoice, mappableFields } from './importModel';
import { MapColumnsStep } from './MapColumnsStep';
import { importTracker, useImportRealtime, useTrackedImport } from './runningImport';

export interface ImportWizardProps {
  opened: boolean;
  onClose: () => void;
}

type LocalStep = 0 | 1 | 2;
/** Choose file, Map columns, Import, Done. */
const STEP_COUNT = 4;

export function ImportWizard({ opened, onClose }: ImportWizardProps) {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  useImportRealtime(companyId || null);
  const tracked = useTrackedImport();

  const [step, setStep] = useState<LocalStep>(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [overrides, setOverrides] = useState<MappingChoice>({});
  const [chosenGroups, setChosenGroups] = useState<string[]>([]);

  const customFields = useQuery({
    queryKey: importKeys.customFields(companyId),
    queryFn: () => fetchContactCustomFields(companyId),
    enabled: opened && companyId > 0,
  });
  const groups = useGroups(companyId, '', opened);
  const realGroups = useMemo(() => (groups.data ?? []).filter((group) => !group.virtual), [groups.data]);

  const fields = useMemo(() => mappableFields(customFields.data ?? []), [customFields.data]);
  const suggested = useMemo(
    () => (preview ? initialChoice(preview.suggested_mapping, fields, preview.columns) : {}),
    [preview, fields],
  );
  const choice = useMemo(() => ({ ...suggested, ...overrides }), [suggested, overrides]);
  const suggestionIncomplete = !!preview && !canImport(suggested, preview.columns);

  const read = useMutation({
    mutationFn: (chosen: File) => previewFile(companyId, chosen),
    onSuccess: (result, chosen) => {
      setFile(chosen);
      setPreview(result);
      setOverrides({});
      setStep(1);
    },
    onError: (error) => setChooseError(failureText(error)),
  });

  // The notification follows the import while the wizard is closed (or gone with its page).
  useEffect(() => {
    importTracker.setBackground(!opened);
  }, [opened]);
  useEffect(() => () => importTracker.setBackground(true), []);

  const startAgain = () => {
    importTracker.reset();
    read.reset();
    setStep(0);
    setFile(null);
    setPreview(null);
    setOverrides({});
    setChosenGroups([]);
    setChooseError(null);
  };
  const start = () => {
    if (!file || !preview) return;
    void importTracker.start(
      companyId,
      file,
      cleanMapping(choice, preview.columns),
      chosenGroups.map(Number),
    );
  };
  const close = () => {
    if (tracked && (tracked.phase === 'finished' || tracked.phase === 'failed')) startAgain();
    onClose();
  };

  const mine = tracked && tracked.companyId === companyId ? tracked : null;
  // An import put away in the background (5 s after it ended) leaves the wizard at its start. (While the wizard
  // is open, the buttons that put an import away say where to go next themselves.)
  const hadImport = useRef(false);
  useEffect(() => {
    if (hadImport.current && !tracked && !opened) {
      setStep(0);
      setFile(null);
      setPreview(null);
      setOverrides({});
      setChosenGroups([]);
    }
    hadImport.current = !!tracked;
  }, [tracked, opened]);
  const active = !mine ? step : mine.phase === 'uploading' || mine.phase === 'importing' ? 2 : 3;
  // A finished import completes the last step too (the stepper fills every step when active is past the last);
  // a failed one leaves "Done" open.
  const stepperActive = active === 3 && mine?.phase === 'finished' ? STEP_COUNT : active;
  const groupNames = realGroups
    .filter((group) => chosenGroups.includes(String(group.id)))
    .map((group) => group.name);

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close window' }}
      opened={opened}
      onClose={close}
      title="Import contacts"
      size="xl"
    >
      <Stack>
        <Stepper
          active={stepperActive}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(index) => {
            // Back to an earlier step while nothing is being imported.
            if (!mine && index < step) setStep(index as LocalStep);
          }}
        >
          <Stepper.Step label="Choose file" />
          <Stepper.Step label="Map columns" />
          <Stepper.Step label="Import" loading={active === 2 && !!mine} />
          <Stepper.Step label="Done" />
        </Stepper>

        {active === 0 && (
          <ChooseFileStep
            loading={read.isPending}
            error={chooseError}
            onError={setChooseError}
            onFile={(chosen) => {
              setChooseError(null);
              read.mutate(chosen);
            }}
          />
        )}
        {active === 1 && preview && file && (
          <MapColumnsStep
            fileName={file.name}
            preview={preview}
            fields={fields}
            choice={choice}
            onChoice={(next) => setOverrides(next)}
            groups={realGroups}
            groupsLoading={groups.isPending}
            groupsError={groups.error ? failureText(groups.error) : null}
            chosenGroups={chosenGroups}
            onGroups={setChosenGroups}
            suggestionIncomplete={suggestionIncomplete}
            onBack={() => setStep(0)}
            onNext={() => setStep(2)}
          />
        )}
        {active === 2 && !mine && file && preview && (
          <ImportReady
            fileName={file.name}
            fileSize={file.size}
            fieldCount={Object.keys(cleanMapping(choice, preview.columns)).length}
            groupNames={groupNames}
            onBack={() => setStep(1)}
            onStart={start}
          />
        )}
        {active === 2 && mine && <ImportRunning tracked={mine} onHide={onClose} />}
        {active === 3 && mine && (
          <DoneStep
            tracked={mine}
            onRetry={
              file && preview
                ? () => {
                    importTracker.reset();
                    // A refused upload (its mapping, its groups) goes back to the mapping; a failed batch runs again.
                    if (mine.batch) start();
                    else setStep(1);
                  }
                : null
            }
            onAnother={startAgain}
            onClose={close}
          />
        )}
      </Stack>
    </Modal>
  );
}
