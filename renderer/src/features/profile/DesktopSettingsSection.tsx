/**
 * This computer's app settings, in the desktop app only: launch at login, automatic Away when the screen locks,
 * and the global call shortcuts (reported when another app holds one).
 */
import { Alert, Button, Group, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { CallShortcutAction, DesktopSettings } from '@shared/ipc';
import { useEffect, useState } from 'react';
import { platform } from '../../platform';
import { flash } from '../../ui/flash';

const SHORTCUT_LABELS: Record<CallShortcutAction, string> = {
  answer: 'Answer a call',
  decline: 'Decline a call',
  'hang-up': 'Hang up',
  mute: 'Mute or unmute',
};

export function DesktopSettingsSection() {
  const desktop = platform().desktopSettings;
  const [settings, setSettings] = useState<DesktopSettings | null>(null);
  const [held, setHeld] = useState<CallShortcutAction[]>([]);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!desktop) return;
    desktop.get().then(setSettings, (caught: Error) => setError(caught.message));
  }, [desktop]);

  if (!desktop) return null;
  if (!settings) return error ? <Alert color="red">{error}</Alert> : null;

  return (
    <Stack>
      <Title order={2} size="h3">
        This computer
      </Title>
      <Switch
        label="Open Switchboard when I sign in to this computer"
        checked={settings.launchAtLogin}
        onChange={(e) => setSettings({ ...settings, launchAtLogin: e.currentTarget.checked })}
      />
      <Switch
        label="Set me Away when the screen locks or the computer sleeps"
        checked={settings.autoAway}
        onChange={(e) => setSettings({ ...settings, autoAway: e.currentTarget.checked })}
      />
      <SimpleGrid cols={2}>
        {(Object.keys(SHORTCUT_LABELS) as CallShortcutAction[]).map((action) => (
          <TextInput
            key={action}
            label={SHORTCUT_LABELS[action]}
            description="Keys joined by +, e.g. CommandOrControl+Shift+A; empty for none"
            value={settings.shortcuts[action]}
            error={held.includes(action) ? 'Another app already uses these keys.' : undefined}
            onChange={(e) =>
              setSettings({
                ...settings,
                shortcuts: { ...settings.shortcuts, [action]: e.currentTarget.value },
              })
            }
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button
          onClick={async () => {
            try {
              const unavailable = await desktop.set(settings);
              setHeld(unavailable);
              flash(
                unavailable.length ? 'warn' : 'success',
                unavailable.length
                  ? 'Saved, but some shortcuts are taken by another app.'
                  : 'Settings saved for this computer.',
              );
            } catch (caught) {
              setError(caught instanceof Error ? caught.message : String(caught));
            }
          }}
        >
          Save these settings
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
