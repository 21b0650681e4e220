import { MEDIA_UPLOAD } from '@teamim/domain';
import { resolveConfig } from '@teamim/server';
import { describe, expect, it } from 'vitest';

// The client and the server are separate processes and keep their own list of the active content types
// (HTML, SVG, XML, scripts) a browser would run in the page's origin: the client refuses to send them,
// the server to store them. The two lists must stay one list.
describe('active content refused on both sides', () => {
  it('the server refuses by default exactly the content types the client refuses to send', () => {
    expect([...resolveConfig().objectDeniedTypes].sort()).toEqual([...MEDIA_UPLOAD.refusedTypes].sort());
  });
});
