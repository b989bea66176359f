import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

/** A microphone whose permission prompt answers when the test says, and the recorders made on its streams. */
function fakeMicrophone() {
  const tracks: { stop: ReturnType<typeof vi.fn> }[] = [];
  const recorders: FakeRecorder[] = [];
  let grant: (() => void) | null = null;

  class FakeRecorder extends EventTarget {
    static isTypeSupported = () => true;
    state: 'inactive' | 'recording' = 'inactive';
    mimeType = 'audio/webm';
    constructor() {
      super();
      recorders.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.dispatchEvent(new Event('stop'));
    }
  }

  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>((resolve) => {
        grant = () => {
          const track = { stop: vi.fn() };
          tracks.push(track);
          resolve({ getTracks: () => [track] } as unknown as MediaStream);
        };
      }),
  );
  return {
    install() {
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
      (globalThis as { MediaRecorder?: unknown }).MediaRecorder = FakeRecorder;
    },
    /** The person allows the microphone. */
    allow: async () => {
      await vi.waitFor(() => expect(grant).not.toBeNull());
      await act(async () => {
        grant!();
        await Promise.resolve();
      });
    },
    getUserMedia,
    /** Tracks still capturing (the browser's microphone light is on while any is). */
    liveTracks: () => tracks.filter((track) => track.stop.mock.calls.length === 0),
    recording: () => recorders.filter((recorder) => recorder.state === 'recording'),
  };
}

function renderComposer() {
  return render(
    <Composer
      placeholder="Message this person..."
      onSend={() => {}}
      onFile={() => {}}
      onVoice={() => {}}
      onTyping={() => {}}
      isUploading={false}
    />,
  );
}

/** Holds the voice button down (Space, as a keyboard user does; a finger does the same through pointer events). */
function holdMic() {
  fireEvent.keyDown(screen.getByRole('button', { name: 'Hold to record a voice message' }), { key: ' ' });
}

describe('Composer, the microphone', () => {
  let mic: ReturnType<typeof fakeMicrophone>;
  beforeEach(() => {
    mic = fakeMicrophone();
    mic.install();
  });
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
  });

  it('a chat closed while the permission prompt is open frees the microphone once it is allowed', async () => {
    const view = renderComposer();
    holdMic();
    await vi.waitFor(() => expect(mic.getUserMedia).toHaveBeenCalledOnce());
    view.unmount();
    await mic.allow();
    await vi.waitFor(() => expect(mic.liveTracks()).toEqual([]));
    expect(mic.recording()).toEqual([]);
  });

  it('a chat closed while recording stops the recorder and the microphone', async () => {
    const view = renderComposer();
    holdMic();
    await mic.allow();
    expect(await screen.findByText('Recording... Release to send')).toBeInTheDocument();
    expect(mic.liveTracks()).toHaveLength(1);
    expect(mic.recording()).toHaveLength(1);
    view.unmount();
    expect(mic.liveTracks()).toEqual([]);
    expect(mic.recording()).toEqual([]);
  });
});
