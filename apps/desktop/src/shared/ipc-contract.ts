import { z } from 'zod';

/**
 * The whole surface between the renderer and the main process. Every invoke channel names its argument
 * and result schema; main validates the argument of every call before a handler runs (the renderer
 * shows untrusted content, so it is treated as untrusted too) and the result before it leaves. Events
 * flow the other way and are validated by the preload before a listener sees them.
 */

/** The spec's values (§3 app settings): `miniSize` hides to the tray, `quit` quits. */
export const closeActionSchema = z.enum(['miniSize', 'quit']);
export type CloseAction = z.infer<typeof closeActionSchema>;

export const languageSchema = z.enum(['zh-CN', 'en-US']);
export type DesktopLanguage = z.infer<typeof languageSchema>;

/** Log upload: "the last 10,000 lines or a user-chosen count" (spec §5 About). */
export const MAX_LOG_LINES = 10_000;
const logLinesSchema = z.number().int().min(1).max(MAX_LOG_LINES);

const updateStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  /** No update URL is configured (a development build, or a deployment without an update server). */
  z.object({ status: z.literal('disabled') }),
  z.object({ status: z.literal('checking') }),
  z.object({ status: z.literal('not-available') }),
  z.object({ status: z.literal('available'), version: z.string().max(64) }),
  z.object({
    status: z.literal('downloading'),
    version: z.string().max(64),
    percent: z.number().min(0).max(100),
  }),
  z.object({ status: z.literal('ready'), version: z.string().max(64) }),
  z.object({ status: z.literal('error'), message: z.string().max(500) }),
]);
export type UpdateState = z.infer<typeof updateStateSchema>;

const noArgs = z.tuple([]);
const conversationId = z.string().min(1).max(256);

export const invokeChannels = {
  'app:info': {
    args: noArgs,
    result: z.object({
      version: z.string(),
      os: z.enum(['linux', 'windows', 'macos']),
      /** OpenIM platform id (3 Windows, 4 macOS, 7 Linux); the web uses 5. */
      platformId: z.number().int(),
    }),
  },
  'window:minimize': { args: noArgs, result: z.void() },
  'window:toggle-maximize': { args: noArgs, result: z.boolean() },
  /** The title bar's close button: follows the close-action setting. */
  'window:close': { args: noArgs, result: z.void() },
  'window:is-maximized': { args: noArgs, result: z.boolean() },
  'settings:get-close-action': { args: noArgs, result: closeActionSchema },
  'settings:set-close-action': { args: z.tuple([closeActionSchema]), result: z.void() },
  'settings:get-language': { args: noArgs, result: languageSchema.nullable() },
  'settings:set-language': { args: z.tuple([languageSchema]), result: z.void() },
  'tray:set-unread': { args: z.tuple([z.number().int().min(0).max(1_000_000)]), result: z.void() },
  'notify:message': {
    args: z.tuple([
      z.object({ conversationId, title: z.string().max(200), body: z.string().max(1_000) }).strict(),
    ]),
    result: z.boolean(),
  },
  /** Calls open the permission handler for microphone and camera; nothing else ever does. */
  'call:set-active': { args: z.tuple([z.boolean()]), result: z.void() },
  'logs:write': {
    args: z.tuple([z.enum(['debug', 'info', 'warn', 'error']), z.string().max(10_000)]),
    result: z.void(),
  },
  'logs:tail': {
    args: z.tuple([logLinesSchema]),
    result: z.object({ text: z.string(), lines: z.number().int().min(0) }),
  },
  'update:check': { args: noArgs, result: z.void() },
  'update:install': { args: noArgs, result: z.void() },
  'update:get-state': { args: noArgs, result: updateStateSchema },
  'shell:open-external': {
    args: z.tuple([z.url({ protocol: /^https?$/ }).max(2_048)]),
    result: z.void(),
  },
} as const satisfies Record<string, { args: z.ZodTuple; result: z.ZodType }>;

export const eventChannels = {
  'window:maximized-changed': z.boolean(),
  'update:state': updateStateSchema,
  /** A desktop notification was clicked: the renderer opens that conversation. */
  'notification:clicked': conversationId,
} as const satisfies Record<string, z.ZodType>;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['args']>;
export type InvokeResult<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['result']>;
export type EventPayload<C extends EventChannel> = z.infer<(typeof eventChannels)[C]>;

export const INVOKE_CHANNELS = Object.keys(invokeChannels) as readonly InvokeChannel[];
export const EVENT_CHANNELS = Object.keys(eventChannels) as readonly EventChannel[];
