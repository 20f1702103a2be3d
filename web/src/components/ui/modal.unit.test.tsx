import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Modal } from './modal.tsx';

afterEach(cleanup);

const dialog = (onClose: () => void) => (
  <Modal title="Edit" onClose={onClose}>
    <input aria-label="Name" />
  </Modal>
);

describe('Modal', () => {
  it('focuses its panel once: a new onClose on a re-render leaves focus where the user put it', () => {
    const { rerender } = render(dialog(() => {}));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    const input = screen.getByLabelText('Name');
    input.focus();
    rerender(dialog(() => {}));
    expect(document.activeElement).toBe(input);
  });

  it('closes with Escape through the latest onClose', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(dialog(first));
    rerender(dialog(latest));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
