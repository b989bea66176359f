import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_KEYBOARD_QUERY } from '@/lib/use-touch-keyboard';
import { Composer } from './composer';

/**
 * The device as media queries describe it: a phone used by touch matches TOUCH_KEYBOARD_QUERY; a laptop, or a
 * tablet once a trackpad is attached, does not. `attach` changes it while the page is open.
 */
function device(touch: boolean) {
  const listeners = new Set<() => void>();
  const state = { touch };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === TOUCH_KEYBOARD_QUERY && state.touch;
        },
        media: query,
        onchange: null,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      state.touch = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function renderComposer(editing?: { text: string; onSave: (text: string) => Promise<boolean> }) {
  const onSend = vi.fn();
  render(
    <Composer
      placeholder="Message this person..."
      onSend={onSend}
      onFile={() => {}}
      onVoice={() => {}}
      onTyping={() => {}}
      isUploading={false}
      editing={editing ? { ...editing, onCancel: () => {} } : null}
    />,
  );
  return { onSend };
}

describe('Composer, Enter on a touch keyboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Enter breaks the line and the send button sends both lines', async () => {
    device(true);
    const { onSend } = renderComposer();
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('enterkeyhint', 'enter');
    await userEvent.type(field, 'First line{Enter}second line');
    expect(field).toHaveValue('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(field).toHaveValue('');
  });

  it('editing: Enter breaks the line, Save message saves', async () => {
    device(true);
    const onSave = vi.fn(() => Promise.resolve(true));
    renderComposer({ text: 'Hello', onSave });
    const field = screen.getByRole('textbox', { name: 'Edit your message' });
    await userEvent.type(field, '{Enter}there');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save message' }));
    expect(onSave).toHaveBeenCalledWith('Hello\nthere');
  });
});

describe('Composer, Enter on a hardware keyboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Enter sends and Shift+Enter breaks the line', async () => {
    device(false);
    const { onSend } = renderComposer();
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('enterkeyhint', 'send');
    await userEvent.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(field).toHaveValue('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
  });

  it('a tablet that gets a trackpad switches from touch to hardware keyboard behaviour while open', async () => {
    const tablet = device(true);
    const { onSend } = renderComposer();
    const field = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, 'Hi{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    tablet.set(false);
    expect(field).toHaveAttribute('enterkeyhint', 'send');
    await userEvent.type(field, 'there{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hi\nthere');
  });
});
