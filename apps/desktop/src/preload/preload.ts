import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildDesktopApi, DESKTOP_API_KEY, type Invoke, type Subscribe } from '../shared/desktop-api';
import { eventChannels, type EventChannel, type EventPayload } from '../shared/ipc-contract';

/*
 * The only code with ipcRenderer. It exposes the typed API and nothing else: no ipcRenderer, no event
 * objects (they carry `sender`), only validated payloads.
 */
const invoke: Invoke = (channel, ...args) => ipcRenderer.invoke(channel, ...args) as Promise<never>;

const subscribe: Subscribe = <C extends EventChannel>(
  channel: C,
  listener: (payload: EventPayload<C>) => void,
) => {
  const schema = eventChannels[channel];
  const wrapped = (_event: IpcRendererEvent, payload: unknown): void => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) listener(parsed.data as EventPayload<C>);
  };
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
};

contextBridge.exposeInMainWorld(DESKTOP_API_KEY, buildDesktopApi(invoke, subscribe));
