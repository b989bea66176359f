import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { Recording, VoiceClip } from '../lib/recorder';

/** A press shorter than this is a tap, not a recording: nothing is sent. */
export const MIN_RECORDING_SECONDS = 0.5;

export type RecorderState = 'idle' | 'starting' | 'recording';

function recordingFailed(description: string): void {
  toast({ title: 'Recording Failed', description, variant: 'destructive' });
}

function recordingError(): void {
  toast({
    title: 'Recording Error',
    description: 'An error occurred while recording. Please try again.',
    variant: 'destructive',
  });
}

/**
 * Press and hold to record, release to send (spec 000 §2): `press()` asks for the microphone and starts,
 * `release()` stops and hands the clip to `onClip`, `cancel()` throws it away. A release before recording has
 * started stops it as soon as it starts. Every failure has its toast (spec 000 §8).
 */
export function useVoiceRecorder(onClip: (clip: VoiceClip) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [tooShort, setTooShort] = useState(false);
  const recording = useRef<Recording | null>(null);
  const pending = useRef<'send' | 'cancel' | null>(null);
  const starting = useRef(false);
  const startedAt = useRef(0);
  const onClipRef = useRef(onClip);
  useEffect(() => {
    onClipRef.current = onClip;
  });

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => setSeconds((Date.now() - startedAt.current) / 1000), 250);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (!tooShort) return;
    const timer = setTimeout(() => setTooShort(false), 2500);
    return () => clearTimeout(timer);
  }, [tooShort]);

  // Leaving the chat throws a recording away and frees the microphone, also one still waiting for the permission
  // prompt: `press` sees `mounted` false when the microphone arrives, and lets it go at once.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      pending.current = null;
      const current = recording.current;
      recording.current = null;
      current?.cancel();
    };
  }, []);

  const finish = useCallback(async (how: 'send' | 'cancel') => {
    const current = recording.current;
    recording.current = null;
    setState('idle');
    if (!current) return;
    if (how === 'cancel') {
      current.cancel();
      return;
    }
    try {
      const clip = await current.stop();
      if (clip.seconds < MIN_RECORDING_SECONDS || clip.blob.size === 0) {
        setTooShort(true);
        return;
      }
      onClipRef.current(clip);
    } catch {
      recordingError();
    }
  }, []);

  const press = useCallback(async () => {
    if (recording.current || starting.current) return;
    starting.current = true;
    pending.current = null;
    setTooShort(false);
    setState('starting');
    setSeconds(0);
    try {
      const { startRecording } = await import('../lib/recorder');
      if (!mounted.current) {
        starting.current = false;
        return;
      }
      const started = await startRecording(() => {
        recording.current = null;
        setState('idle');
        recordingError();
      });
      starting.current = false;
      if (!mounted.current) {
        started.cancel();
        return;
      }
      recording.current = started;
      startedAt.current = Date.now();
      setState('recording');
      const early = pending.current;
      pending.current = null;
      if (early) void finish(early);
    } catch (error) {
      starting.current = false;
      pending.current = null;
      if (!mounted.current) return;
      setState('idle');
      const failure = (error as { failure?: string }).failure;
      if (failure === 'denied') {
        recordingFailed('Microphone access denied. Please allow microphone access and try again.');
      } else if (failure === 'unavailable') {
        recordingFailed('Could not access microphone. Please check your browser settings.');
      } else {
        recordingError();
      }
    }
  }, [finish]);

  const release = useCallback(() => {
    if (recording.current) void finish('send');
    else if (starting.current) pending.current = 'send';
  }, [finish]);

  const cancel = useCallback(() => {
    if (recording.current) void finish('cancel');
    else if (starting.current) pending.current = 'cancel';
  }, [finish]);

  return { state, seconds, tooShort, press, release, cancel };
}
