const IGNORABLE_BROWSER_ERRORS: readonly RegExp[] = [
  /chrome-extension:\/\/|moz-extension:\/\/|safari-extension:\/\//i,
  /Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError|Failed to fetch dynamically imported module/i,
  /ResizeObserver loop/i,
  /NetworkError|Network Error|Failed to fetch|Load failed/i,
  /AbortError|The user aborted a request|signal is aborted/i,
];

/**
 * Known browser noise (extensions, chunk loading, ResizeObserver, network, abort) that §8 says to
 * ignore with a console warning instead of the error screen.
 */
export function isIgnorableBrowserError(error: {
  readonly name?: string;
  readonly message?: string;
  readonly stack?: string;
}): boolean {
  // A missing part joins as an empty string, and no pattern matches an empty or newline-only text.
  const text = [error.name, error.message, error.stack].join('\n');
  return IGNORABLE_BROWSER_ERRORS.some((pattern) => pattern.test(text));
}
