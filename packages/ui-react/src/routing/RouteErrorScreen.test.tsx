import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../testing/render';
import { RouteErrorScreen } from './RouteErrorScreen';

describe('RouteErrorScreen', () => {
  it('shows the not-found text and a Recover button', async () => {
    await renderView(<RouteErrorScreen notFound />);
    expect(screen.getByRole('button', { name: /recover/i })).toBeTruthy();
  });
});
