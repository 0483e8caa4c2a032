/** Step 1: the rules of §5, a sample file, and the file itself (dropped, or chosen with the keyboard). */
import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useRef } from 'react';
import { saveTextFile } from '../../../ui/download';
import { IMPORT_ACCEPT, isImportableFileName, SAMPLE_CSV } from './importModel';

const notImportable = (name: string) => `${name} is not a CSV or XLSX file. Choose a .csv or .xlsx file.`;

export function ChooseFileStep({
  loading,
  error,
  onFile,
  onError,
}: {
  loading: boolean;
  error: string | null;
  onFile: (file: File) => void;
  onError: (message: string) => void;
}) {
  const openRef = useRef<() => void>(null);
  const take = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    if (!isImportableFileName(file.name)) onError(notImportable(file.name));
    else onFile(file);
  };

  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm">Choose a CSV or XLSX file whose first row names its columns:</Text>
        <List size="sm" spacing={2}>
          <List.Item>
            <b>name</b> and <b>number</b> are required (or first name and last name instead of name);
          </List.Item>
          <List.Item>
            other columns are optional: email, company, address, city, state, ZIP, notes, and your custom
            fields;
          </List.Item>
          <List.Item>numbers are read as US numbers unless they start with + and a country code.</List.Item>
        </List>
      </Stack>
      <Dropzone
        onDrop={take}
        onReject={(rejections) => onError(notImportable(rejections[0]?.file.name ?? 'That file'))}
        accept={IMPORT_ACCEPT}
        multiple={false}
        loading={loading}
        openRef={openRef}
        activateOnKeyboard={false}
        tabIndex={-1}
        inputProps={{ 'aria-label': 'Contacts file' }}
      >
        <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <Text fw={600}>Drop the file to read it</Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={600} c="var(--app-danger-text)">
              Only CSV and XLSX files can be imported
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text fw={600}>Drag a CSV or XLSX file here, or click to choose one</Text>
          </Dropzone.Idle>
          <Text size="sm" c="dimmed">
            One file at a time
          </Text>
        </Stack>
      </Dropzone>
      {error && (
        <Alert color="red" role="alert" title="This file cannot be imported">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => saveTextFile(SAMPLE_CSV, 'contacts-sample.csv')}>
          Download sample CSV
        </Button>
        <Button onClick={() => openRef.current?.()} loading={loading}>
          Choose file
        </Button>
      </Group>
    </Stack>
  );
}
