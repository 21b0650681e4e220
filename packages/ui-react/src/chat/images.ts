/** Only web and relative addresses are used as image sources; anything else shows the initials. */
export function safeImageURL(url: string): string | undefined {
  return /^(https?:\/\/|\/)/i.test(url) ? url : undefined;
}
