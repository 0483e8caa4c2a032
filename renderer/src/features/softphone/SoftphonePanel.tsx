/**
 * The in-window VoIP panel (design card: "answers or rejects calls using the can-answer and reject endpoints"),
 * always reachable beside every screen. Top to bottom, in the order an agent needs them: whether calls can reach
 * them (Available for calls, the reachable indicator), what rings (above everything), the call in progress, the
 * wrap-up waiting, then the dialer and recent calls. Every action has a shortcut (Alt+Shift+A answer, D decline,
 * H hang up, M mute — also global on the desktop; O hold, K keypad, T transfer in the window).
 */
import { Alert, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { formatPhone } from '@shared/domain/phone';
import type { CallShortcutAction } from '@shared/ipc';
import { useAtom } from 'jotai';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { usePhoneDock } from '../../app/workspaceLayout';
import { platform } from '../../platform';
import { IconButton } from '../../ui/IconButton';
import type { Softphone, SoftphoneState } from '../../voice/softphone';
import { ActiveCallView } from './ActiveCallView';
import { Dialer } from './Dialer';
import { dialRequestAtom } from './dialRequest';
import { IncomingCallCard } from './IncomingCallCard';
import { PhoneBar } from './PhoneBar';
import { PresenceSwitch } from './Presence';
import { RecentCalls } from './RecentCalls';
import { useSoftphone, useSoftphoneState } from './SoftphoneProvider';
import { WrapUpForm } from './WrapUpForm';

export interface Reachability {
  ok: boolean;
  /** In a word, for the collapsed dock. */
  state: 'connected' | 'connecting' | 'offline';
  text: string;
}

/** Reachable: the engine is registered and the ring channel subscribed; else why not. */
export function reachability(
  state: Pick<SoftphoneState, 'registration' | 'problem' | 'listening'>,
): Reachability {
  if (state.registration === 'failed')
    return { ok: false, state: 'offline', text: state.problem ?? 'The phone could not register.' };
  if (state.registration !== 'registered')
    return { ok: false, state: 'connecting', text: 'Connecting the phone…' };
  // The ring channel subscribes again by itself when live updates come back.
  if (!state.listening)
    return { ok: false, state: 'connecting', text: 'Live updates are down: calls cannot ring here.' };
  return { ok: true, state: 'connected', text: 'Calls can reach you here.' };
}

function runShortcut(softphone: Softphone, action: CallShortcutAction): void {
  const state = softphone.getState();
  const ringing = state.incoming[0];
  if (action === 'answer' && ringing) void softphone.answer(ringing.call_id);
  if (action === 'decline' && ringing) void softphone.decline(ringing.call_id);
  if (action === 'hang-up') void softphone.hangup();
  if (action === 'mute') softphone.toggleMute();
}

export function SoftphonePanel({ companyId, userId }: { companyId: number; userId: number }) {
  const softphone = useSoftphone();
  const state = useSoftphoneState();
  const [dialRequest, setDialRequest] = useAtom(dialRequestAtom);
  const reach = reachability(state);
  const [ringing, ...waiting] = state.incoming;
  const [wrapUp, ...moreWrapUps] = state.wrapUps;
  const noLine = state.registration === 'failed' && state.problem?.includes('SIP') ? state.problem : null;

  useHotkeys(
    [
      ['alt+shift+A', () => runShortcut(softphone, 'answer')],
      ['alt+shift+D', () => runShortcut(softphone, 'decline')],
      ['alt+shift+H', () => runShortcut(softphone, 'hang-up')],
      ['alt+shift+M', () => runShortcut(softphone, 'mute')],
    ],
    [],
  );
  useEffect(() => platform().onCallShortcut((action) => runShortcut(softphone, action)), [softphone]);

  // The dock: collapsed or expanded as the agent chose, but a ring or a call to wrap up opens it by itself,
  // until the call is over (collapsed during the call, it stays so: its bar has Mute and Hang up).
  const dock = usePhoneDock(userId);
  const raise = dock.raise;
  const ringingId = ringing?.call_id;
  const wrapUpId = wrapUp?.callId;
  const live = state.active !== null;
  useEffect(() => {
    if (ringingId !== undefined || wrapUpId !== undefined) raise(true);
    else if (!live) raise(false);
  }, [ringingId, wrapUpId, live, raise]);
  // After the agent's own toggle, focus is on the button that undoes it (the other one is gone).
  const openRef = useRef<HTMLButtonElement>(null);
  const collapseRef = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  const choose = (expanded: boolean) => {
    toggled.current = true;
    dock.choose(expanded);
  };
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (dock.expanded ? collapseRef : openRef).current?.focus();
  }, [dock.expanded]);
  const wrapUpRef = useFocusOnWrapUp(wrapUpId, dock.expanded);

  return (
    <>
      {!dock.expanded && (
        <PhoneBar
          companyId={companyId}
          state={state}
          reach={reach}
          onOpen={() => choose(true)}
          openRef={openRef}
        />
      )}
      {/* Collapsed, the panel stays mounted (a dialled number, an open transfer and the shortcuts live on). */}
      <Stack gap="sm" style={dock.expanded ? undefined : { display: 'none' }}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4">
            Phone
          </Title>
          <Group gap="xs" wrap="nowrap">
            <Badge
              color={reach.ok ? 'green' : 'red'}
              variant="dot"
              role="status"
              aria-label={reach.ok ? 'Reachable' : 'Not reachable'}
              title={reach.text}
            >
              {reach.ok ? 'Reachable' : 'Not reachable'}
            </Badge>
            <IconButton
              ref={collapseRef}
              icon="collapse"
              label="Collapse phone"
              aria-expanded
              variant="subtle"
              onClick={() => choose(false)}
            />
          </Group>
        </Group>
        {!reach.ok && (
          <Text size="xs" c="dimmed">
            {reach.text}
          </Text>
        )}
        <PresenceSwitch companyId={companyId} userId={userId} />

        {state.notice && (
          <Alert
            color="blue"
            p="xs"
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => softphone.dismissNotice()}
          >
            {state.notice}
          </Alert>
        )}

        {state.callBack && !ringing && (
          <Alert
            color={state.callBack.kind === 'missed' ? 'red' : 'orange'}
            p="xs"
            role="status"
            aria-label={state.callBack.kind === 'missed' ? 'Missed call' : 'New voicemail'}
            withCloseButton
            closeButtonLabel="Dismiss call-back alert"
            onClose={() => softphone.dismissCallBack()}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {state.callBack.kind === 'missed' ? 'Missed call from ' : 'New voicemail from '}
                {state.callBack.name || formatPhone(state.callBack.remote)}
              </Text>
              <Button
                size="compact-sm"
                onClick={() => {
                  const remote = state.callBack?.remote ?? '';
                  softphone.dismissCallBack();
                  setDialRequest({ number: remote, at: Date.now() });
                }}
              >
                Return call
              </Button>
            </Group>
          </Alert>
        )}

        {ringing && (
          <IncomingCallCard
            call={ringing}
            waiting={waiting.length}
            onAnswer={() => void softphone.answer(ringing.call_id)}
            onDecline={() => void softphone.decline(ringing.call_id)}
          />
        )}

        {state.active && (
          <ActiveCallView call={state.active} companyId={companyId} warnings={state.warnings} />
        )}

        {wrapUp && (
          <WrapUpForm key={wrapUp.callId} ref={wrapUpRef} wrapUp={wrapUp} more={moreWrapUps.length} />
        )}

        {!state.active && (
          <>
            <Divider label="Dialer" labelPosition="left" />
            <Dialer companyId={companyId} disabledReason={noLine} prefill={dialRequest} />
          </>
        )}

        <Divider label="Recent calls" labelPosition="left" />
        <RecentCalls
          companyId={companyId}
          onCallBack={(number) => setDialRequest({ number, at: Date.now() })}
        />
        <Button component={Link} to="/settings/audio" variant="subtle" size="xs">
          Audio settings
        </Button>
      </Stack>
    </>
  );
}

/**
 * When a call ends, the wrap-up is where the agent goes next: it takes the focus once it shows — unless the
 * agent is busy elsewhere (typing in a thread when the caller hung up), so focus moves only from the phone or
 * from nowhere (the Hang up button that had it is gone).
 */
function useFocusOnWrapUp(wrapUpId: number | undefined, shown: boolean): RefObject<HTMLDivElement | null> {
  const form = useRef<HTMLDivElement>(null);
  const focused = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (wrapUpId === undefined || !shown || focused.current === wrapUpId) return;
    focused.current = wrapUpId;
    const current = document.activeElement;
    const idle =
      !current || current === document.body || Boolean(form.current?.closest('aside')?.contains(current));
    if (idle) form.current?.focus();
  }, [wrapUpId, shown]);
  return form;
}
