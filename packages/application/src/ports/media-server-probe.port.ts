/**
 * Whether this client can reach a call's media server (the SFU) at all. A deployment may hand out room
 * tokens with an address nobody serves (chat 1.8.4's default configuration names `ws://127.0.0.1:7880`
 * without any LiveKit running), so a granted token alone does not make calls possible.
 */
export abstract class MediaServerProbe {
  /**
   * Resolves true when something answers at the `ws(s)://` address, false when nothing does (refused,
   * unknown host, blocked by the page's security rules, no answer in time). Never rejects.
   */
  abstract reachable(serverUrl: string): Promise<boolean>;
}
