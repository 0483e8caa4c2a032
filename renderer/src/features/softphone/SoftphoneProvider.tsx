/**
 * Keeps the softphone of the selected company alive while signed in: builds it, feeds it the platform's
 * `in-app-calling` events, re-registers after sleep, a network change or a realtime reconnect, applies this
 * computer's audio devices, and raises the alerts of a ring (OS notification, ringtone on its own output) until
 * it stops. A number whose call alerts the user silenced (§7 notificationBlocks, channel "calls") still rings in the
 * panel — the agent is available — but raises no OS notification. Screens read it with `useSoftphone()`.
 */
import type { IncomingCall } from '@shared/api/voice';
import { formatPhone } from '@shared/domain/phone';
import { channels, EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { api } from '../../api';
import { useChannelSubscribed, useRealtimeEvent } from '../../api/realtime';
import { userTimeZone } from '../../app/timeZone';
import { platform } from '../../platform';
import { type Playing, playTone } from '../../voice/audio';
import { sandboxEngine } from '../../voice/sandboxEngine';
import { Softphone, type SoftphoneState } from '../../voice/softphone';
import { twilioEngine } from '../../voice/twilioEngine';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useNotificationBlocks } from '../inbox/inboxApi';

const SoftphoneContext = createContext<Softphone | null>(null);

/** The green of Call and Answer: white on it reads at 6.6:1 (Mantine's green.6 gives 3.4:1, under WCAG AA). */
export const CALL_GREEN = '#1e6b2e';

/** Who is calling, in words: the contact, else the formatted number. */
export function callerName(call: Pick<IncomingCall, 'contact' | 'from'>): string {
  return call.contact?.name ?? formatPhone(call.from);
}

export function SoftphoneProvider({
  userId,
  companyId,
  children,
}: {
  userId: number;
  companyId: number;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const ringtone = useRef<Playing | null>(null);
  const ringtoneDevice = useRef<string | null>(null);
  const blocks = useNotificationBlocks(companyId);
  const silencedNumbers = useRef(new Set<number>());
  silencedNumbers.current = new Set(
    (blocks.data ?? []).filter((block) => block.channel === 'calls').map((block) => block.number_id),
  );

  const softphone = useMemo(
    () =>
      new Softphone({
        api,
        companyId,
        createEngine: (token, events, renewToken) =>
          token.kind === 'twilio'
            ? twilioEngine({ api, companyId, token: token.token, events, renewToken })
            : sandboxEngine(api, events),
        onRing: (call) => {
          if (!silencedNumbers.current.has(call.number.id))
            void platform().notify({
              tag: `call-${call.call_id}`,
              kind: 'call',
              title: `Incoming call: ${callerName(call)}`,
              body: [call.number.label || formatPhone(call.number.number), call.source]
                .filter(Boolean)
                .join(' · '),
              route: '/',
            });
          void platform().setRinging(true);
          if (!ringtone.current) {
            void playTone('ringtone', ringtoneDevice.current).then((playing) => {
              ringtone.current = playing;
            });
          }
        },
        // The call just ended shows in the activity feed and the person's timeline.
        onCallEnded: () => void queryClient.invalidateQueries({ queryKey: ['AnalyticsActivity'] }),
        onRingStopped: () => {
          if (softphone.getState().incoming.length > 0) return;
          void platform().setRinging(false);
          ringtone.current?.stop();
          ringtone.current = null;
        },
      }),
    [companyId, queryClient],
  );

  // This computer's devices, read at start and again whenever the audio settings change them.
  const devicesChanged = useAtomValue(audioDevicesChangedAtom);
  const applyDevices = useCallback(async () => {
    const devices = await platform().audio.get();
    ringtoneDevice.current = devices.ringtoneDeviceId ?? devices.outputDeviceId;
    await softphone.setDevices(devices);
  }, [softphone]);
  useEffect(() => {
    if (devicesChanged > 0) void applyDevices();
  }, [devicesChanged, applyDevices]);

  useEffect(() => {
    void applyDevices().finally(() => void softphone.start());
    return () => {
      softphone.stop();
      ringtone.current?.stop();
      ringtone.current = null;
    };
  }, [softphone, applyDevices]);

  useRealtimeEvent(channels.users(userId), EVENTS.inAppCalling, (event) => {
    softphone.handleEvent(event);
    // A call that ended or stopped ringing shows in the recent calls.
    if (event.type === 'ended' || event.type === 'stopped') {
      void queryClient.invalidateQueries({ queryKey: ['Calls', 'recent'] });
    }
  });

  // A voicemail left on one of the company's lines: the panel offers to call back.
  useRealtimeEvent(
    channels.conversations(companyId),
    EVENTS.conversationUpdated,
    ({ conversation, item }) => {
      if (item?.details.type !== 'voicemail' || !item.isInbound) return;
      softphone.voicemailLeft(conversation.recipient, conversation.contact?.name ?? '');
    },
  );

  // Self-repair: when the ring channel is (re)subscribed, catch up with what rings and register again; also
  // after the machine wakes or the network returns.
  const listening = useChannelSubscribed(channels.users(userId));
  const wasListening = useRef(false);
  useEffect(() => {
    void softphone.setListening(listening);
    if (listening && wasListening.current === false && softphone.getState().engine)
      void softphone.reconnect();
    wasListening.current = listening;
  }, [listening, softphone]);
  useEffect(() => platform().onResume(() => void softphone.reconnect()), [softphone]);

  return <SoftphoneContext.Provider value={softphone}>{children}</SoftphoneContext.Provider>;
}

export function useSoftphone(): Softphone {
  const softphone = useContext(SoftphoneContext);
  if (!softphone) throw new Error('useSoftphone needs a SoftphoneProvider');
  return softphone;
}

/** The softphone's state, re-rendering on each change. */
export function useSoftphoneState(): SoftphoneState {
  const softphone = useSoftphone();
  return useSyncExternalStore(softphone.subscribe, softphone.getState);
}

/** Bumped by the audio settings when they save a device: the running softphone applies them. */
export const audioDevicesChangedAtom = atom(0);

/** The user's zone for times in the panel (it sits beside the routed screens, outside their outlet context). */
export function usePhoneTimeZone(): string {
  const { data: user } = useCurrentUser();
  return userTimeZone(user?.timezone, Intl.DateTimeFormat().resolvedOptions().timeZone);
}
