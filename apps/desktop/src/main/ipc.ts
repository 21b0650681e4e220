import {
  INVOKE_CHANNELS,
  invokeChannels,
  type InvokeArgs,
  type InvokeChannel,
  type InvokeResult,
} from '../shared/ipc-contract';

/** The part of an IPC invoke event main looks at: which frame sent it. */
export interface IpcInvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
}

export type IpcHandlers = {
  readonly [C in InvokeChannel]: (...args: InvokeArgs<C>) => InvokeResult<C> | Promise<InvokeResult<C>>;
};

class IpcRejection extends Error {
  override readonly name = 'IpcRejection';
}

/**
 * Registers one handler per contract channel. Every call is checked twice before its handler runs: it
 * must come from a frame of the app's own origin, and its arguments must match the contract's schema.
 * Results are validated too, so a handler bug cannot leak anything the contract does not name.
 */
export function registerIpc(
  ipc: IpcMainLike,
  handlers: IpcHandlers,
  isTrustedSender: (frameUrl: string) => boolean,
): void {
  for (const channel of INVOKE_CHANNELS) {
    const contract = invokeChannels[channel];
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    ipc.handle(channel, async (event, ...args) => {
      const url = event.senderFrame?.url;
      if (url === undefined || !isTrustedSender(url)) {
        throw new IpcRejection(`${channel}: sender is not the app`);
      }
      const parsed = contract.args.safeParse(args);
      if (!parsed.success) throw new IpcRejection(`${channel}: invalid arguments`);
      const result = await handler(...(parsed.data as unknown[]));
      const checked = contract.result.safeParse(result);
      if (!checked.success) throw new IpcRejection(`${channel}: invalid result`);
      return checked.data;
    });
  }
}
