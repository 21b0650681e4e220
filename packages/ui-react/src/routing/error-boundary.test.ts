import { describe, expect, it } from 'vitest';
import { RenderErrorBoundary } from './RouteErrorScreen';

// The node test environment has no DOM to mount into, so this checks the boundary's state rules that
// React applies: an error switches to the fallback, a new path clears it, the same path keeps it.
describe('RenderErrorBoundary', () => {
  it('shows the fallback after an error until the path changes', () => {
    const props = { fallback: 'fallback', resetKey: '/chat', children: 'page' };
    const failed = { failed: true, resetKey: '/chat' };
    expect(RenderErrorBoundary.getDerivedStateFromError()).toEqual({ failed: true });
    expect(RenderErrorBoundary.getDerivedStateFromProps(props, failed)).toBeNull();
    expect(RenderErrorBoundary.getDerivedStateFromProps({ ...props, resetKey: '/contact' }, failed)).toEqual({
      failed: false,
      resetKey: '/contact',
    });
  });

  it('renders its children until something fails, then the fallback', () => {
    const boundary = new RenderErrorBoundary({ fallback: 'fallback', resetKey: '/', children: 'page' });
    expect(boundary.render()).toBe('page');
    boundary.state = { failed: true, resetKey: '/' };
    expect(boundary.render()).toBe('fallback');
  });
});
