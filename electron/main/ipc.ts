/**
 * Registers main's IPC handlers from the one contract (shared/ipc.ts). Before any handler runs, the sender frame
 * must be our own origin and the payload must match the channel's schema; otherwise the call is refused (and
 * logged), so a compromised page or a foreign frame reaches nothing.
 */
import { type DesktopInvokeChannels, INVOKE_CHANNELS, type InvokeChannel } from '@shared/ipc';
import { INVOKE_SCHEMAS } from '@shared/ipcSchemas';
import { isOwnOrigin } from './security';

type Answer<R> = [R] extends [undefined] ? void | Promise<void> : R | Promise<R>;

/** One handler per channel of the contract; channels that answer nothing may return nothing. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (
    request: DesktopInvokeChannels[C]['request'],
  ) => Answer<DesktopInvokeChannels[C]['response']>;
};

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown,
  ): void;
  removeHandler(channel: string): void;
}

export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

export function registerInvokeHandlers(
  ipcMain: IpcMainLike,
  handlers: InvokeHandlers,
  options: { ownOrigins: readonly string[]; log?: (message: string) => void },
): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, payload) => {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isOwnOrigin(frameUrl, options.ownOrigins)) {
        options.log?.(`ipc: refused ${channel} from ${frameUrl || 'an unknown frame'}`);
        throw new IpcRefusedError(`${channel} is not available to this page.`);
      }
      const parsed = INVOKE_SCHEMAS[channel].safeParse(payload);
      if (!parsed.success) {
        options.log?.(
          `ipc: refused ${channel}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
        );
        throw new IpcRefusedError(`${channel} was called with data it does not take.`);
      }
      const handler = handlers[channel] as (request: unknown) => unknown;
      return handler(parsed.data);
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}
