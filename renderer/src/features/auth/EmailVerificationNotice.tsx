/**
 * On every screen of a signed-in user whose email is not verified yet: what waits for it (sending texts and
 * campaigns, buying numbers — the server refuses them until then), where the link went, and a new link on request.
 * The server allows one a minute and five an hour; its refusal says when to ask again and is shown as it is.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { AUTH_ENDPOINTS, type User } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../api';
import { keys } from '../../api/keys';

export function EmailVerificationNotice({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ sent: boolean; message: string } | null>(null);
  if (user.email_verified) return null;

  const resend = async () => {
    setSending(true);
    try {
      const sent = await api.call(
        AUTH_ENDPOINTS.resendVerification,
        {},
        { silent: true, retryWhenRateLimited: false },
      );
      setAnswer({ sent: true, message: sent.message });
    } catch (caught) {
      setAnswer({ sent: false, message: caught instanceof Error ? caught.message : String(caught) });
      // Verified meanwhile (the link opened in another window): the user as the server has them now.
      if (caught instanceof ApiError && caught.status === 409)
        await queryClient.invalidateQueries({ queryKey: keys.currentUser() });
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert color="yellow" mb="md" title="Verify your email address" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          We sent a link to <strong>{user.email}</strong>. Open it to send texts and campaigns and to buy
          numbers.
        </Text>
        <Button size="xs" variant="default" loading={sending} onClick={resend}>
          Resend the link
        </Button>
      </Group>
      {answer && (
        <Text size="sm" mt="xs" c={answer.sent ? undefined : 'red'} role={answer.sent ? undefined : 'alert'}>
          {answer.message}
        </Text>
      )}
    </Alert>
  );
}
