/**
 * Voice messages on MediaRecorder (spec 000 §2, §4: press and hold records, release sends). Loaded on first use,
 * so the screen's chunk does not carry it.
 */

/** Why recording could not start or went on: each has its own toast (spec 000 §8). */
export type RecorderFailure = 'denied' | 'unavailable' | 'failed';

export class RecorderError extends Error {
  override readonly name = 'RecorderError';

  constructor(readonly failure: RecorderFailure) {
    super(`Recording ${failure}`);
  }
}

export interface VoiceClip {
  blob: Blob;
  seconds: number;
  /** The file extension of its container: webm, ogg or m4a. */
  extension: string;
}

export interface Recording {
  /** Stops and hands over what was recorded. */
  stop: () => Promise<VoiceClip>;
  /** Stops and throws it away. */
  cancel: () => void;
}

/** Containers the server takes for audio (API.md "Uploads"), best first; the browser picks the first it has. */
const TYPES: [string, string][] = [
  ['audio/webm;codecs=opus', 'webm'],
  ['audio/webm', 'webm'],
  ['audio/ogg;codecs=opus', 'ogg'],
  ['audio/mp4', 'm4a'],
];

/** Asks for the microphone and starts recording; `onError` hears of a failure while it records. */
export async function startRecording(onError: () => void): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
    throw new RecorderError('unavailable');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    throw new RecorderError(
      name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable',
    );
  }
  const release = () => stream.getTracks().forEach((track) => track.stop());
  const chosen = TYPES.find(([type]) => MediaRecorder.isTypeSupported(type));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, chosen ? { mimeType: chosen[0] } : undefined);
  } catch {
    release();
    throw new RecorderError('failed');
  }
  const chunks: Blob[] = [];
  let failed = false;
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.addEventListener('error', () => {
    failed = true;
    release();
    onError();
  });
  const startedAt = performance.now();
  try {
    recorder.start();
  } catch {
    release();
    throw new RecorderError('failed');
  }

  return {
    stop: () =>
      new Promise<VoiceClip>((resolve, reject) => {
        if (failed) {
          reject(new RecorderError('failed'));
          return;
        }
        recorder.addEventListener(
          'stop',
          () => {
            release();
            const type = recorder.mimeType || chosen?.[0] || 'audio/webm';
            resolve({
              blob: new Blob(chunks, { type }),
              seconds: (performance.now() - startedAt) / 1000,
              extension:
                TYPES.find(([known]) => type.startsWith(known.split(';')[0] ?? known))?.[1] ?? 'webm',
            });
          },
          { once: true },
        );
        try {
          recorder.stop();
        } catch {
          release();
          reject(new RecorderError('failed'));
        }
      }),
    cancel: () => {
      try {
        if (recorder.state !== 'inactive') recorder.stop();
      } finally {
        release();
      }
    },
  };
}
