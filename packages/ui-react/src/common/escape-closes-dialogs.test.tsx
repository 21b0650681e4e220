import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderView } from '../testing/render';

vi.setConfig({ testTimeout: 30_000 });

/** A dialog whose button removes itself when pressed, as a red packet's Open does. */
function SelfRemovingButton({ onClose }: { readonly onClose: () => void }) {
  const [pressed, setPressed] = useState(false);
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Packet</DialogTitle>
          <DialogContent>
            {pressed ? 'Opened' : <Button onClick={() => setPressed(true)}>Open</Button>}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

describe('Escape and a modal dialog whose focused control went away', () => {
  it('closes the dialog, and focus is back in it', async () => {
    const onClose = vi.fn();
    await renderView(<SelfRemovingButton onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Packet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open' }));
    // The pressed button is gone, and focus with it: the page has it now.
    expect(document.activeElement).toBe(document.body);
    // What the page's own listeners see of it (the desktop title bar minimizes on an Escape nobody used).
    const seen: boolean[] = [];
    const onKey = (event: KeyboardEvent) => seen.push(event.defaultPrevented);
    document.addEventListener('keydown', onKey);
    await userEvent.keyboard('{Escape}');
    document.removeEventListener('keydown', onKey);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(seen).toEqual([true]);
  });

  it('an Escape inside the dialog closes it once, as before', async () => {
    const onClose = vi.fn();
    await renderView(<SelfRemovingButton onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Packet' });
    within(dialog).getByRole('button', { name: 'Open' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an Escape on the page without a dialog open goes nowhere', async () => {
    const onKey = vi.fn();
    await renderView(<p>No dialog</p>);
    document.addEventListener('keydown', onKey);
    await userEvent.keyboard('{Escape}');
    document.removeEventListener('keydown', onKey);
    // Left alone: it reaches the page's own listeners as any key does.
    expect(onKey).toHaveBeenCalledTimes(1);
  });
});
