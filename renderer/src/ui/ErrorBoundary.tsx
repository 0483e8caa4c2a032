/** Catches a screen that crashed, says so, and offers a reload instead of a blank window. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title="Something went wrong in this window" m="xl" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{this.state.error.message}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Alert>
    );
  }
}
