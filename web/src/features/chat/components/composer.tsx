import { FileText, ImagePlus, Mic, SendHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { enterSends, useTouchKeyboard } from '@/lib/use-touch-keyboard';
import type { AttachmentKind } from '../api/types';
import { clock } from '../lib/format';
import type { VoiceClip } from '../lib/recorder';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';

/** The image picker takes image files; the document picker the spec's list (spec 000 §5). */
export const IMAGE_ACCEPT = 'image/*';
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.xls,.xlsx,.ppt,.pptx,.zip,.rar';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40';

/** A file picker: the label is the button, its input (visually hidden) takes the focus and the keyboard. */
const pickerClass = cn(
  iconButton,
  'cursor-pointer focus-within:outline-2 focus-within:outline-ring has-[:disabled]:pointer-events-none has-[:disabled]:opacity-40',
);

export interface ComposerProps {
  placeholder: string;
  /** Sends the text: it goes into the thread at once (and the field is cleared), whatever the network. */
  onSend: (text: string) => void;
  onFile: (file: Blob, name: string, kind: AttachmentKind) => void;
  onVoice: (clip: VoiceClip) => void;
  onTyping: () => void;
  isUploading: boolean;
  /** A message of mine being edited: the field holds its text, saved the way a new one is sent. */
  editing?: { text: string; onSave: (text: string) => Promise<boolean>; onCancel: () => void } | null;
}

/**
 * The input bar (spec 000 §2, §5): the image and document pickers, the message field, the voice button (press and
 * hold records, release sends) and send, disabled while the text is blank (or an edit is being saved). A message on
 * its way holds nothing up: it is in the thread, marked as it goes (../lib/outbox.ts), and the field is free at once.
 * On a hardware keyboard Enter sends and Shift+Enter breaks the line; on a touch keyboard Enter breaks the line and
 * the button sends (@/lib/use-touch-keyboard). The pickers wait while a file uploads ('Uploading file...').
 */
export function Composer({
  placeholder,
  onSend,
  onFile,
  onVoice,
  onTyping,
  isUploading,
  editing = null,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const touchKeyboard = useTouchKeyboard();
  const voice = useVoiceRecorder(onVoice);
  const recording = voice.state !== 'idle';

  // Editing starts with the message's text in the field (set while rendering, when editing begins).
  const editingText = editing?.text ?? null;
  const [seenEditing, setSeenEditing] = useState<string | null>(null);
  if (editingText !== seenEditing) {
    setSeenEditing(editingText);
    if (editingText !== null) setText(editingText);
  }
  useEffect(() => {
    if (editingText !== null) field.current?.focus();
  }, [editingText]);

  // The field grows with its text, up to about six lines.
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 152)}px`;
  }, [text]);

  const blank = text.trim().length === 0;
  const busy = saving;

  async function submit() {
    if (blank || busy) return;
    const sent = text;
    if (editing) {
      setSaving(true);
      const saved = await editing.onSave(sent.trim()).finally(() => setSaving(false));
      if (saved) setText('');
      return;
    }
    onSend(sent.trim());
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (enterSends(event.nativeEvent, touchKeyboard)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && editing) {
      event.preventDefault();
      setText('');
      editing.onCancel();
    }
  }

  function picked(input: HTMLInputElement | null, kind: AttachmentKind) {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) onFile(file, file.name, kind);
  }

  // Press and hold: the pointer is captured so the release is heard wherever the finger ends up.
  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    void voice.press();
  }

  function onVoiceKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      void voice.press();
    } else if (event.key === 'Escape') {
      voice.cancel();
    }
  }

  function onVoiceKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      voice.release();
    }
  }

  return (
    <div className="shrink-0 border-t border-border/70 bg-card/95 px-1.5 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2 backdrop-blur-md">
      {editing && (
        <div className="mx-1 mb-2 flex items-center gap-2 rounded-xl border-l-4 border-primary bg-primary-soft/60 py-1 pl-3 pr-1 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-display text-xs font-bold uppercase tracking-wider text-primary">
              Editing message
            </p>
            <p className="truncate text-muted-foreground">{editing.text}</p>
          </div>
          <button
            type="button"
            className={iconButton}
            aria-label="Cancel editing"
            onClick={() => {
              setText('');
              editing.onCancel();
            }}
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
      )}
      {isUploading && (
        <p
          role="status"
          className="mx-1 mb-2 flex items-center gap-2 rounded-xl bg-muted px-3 py-2 text-sm font-medium text-muted-foreground"
        >
          <Spinner size="sm" label="" />
          Uploading file...
        </p>
      )}
      {voice.tooShort && !recording && (
        <p role="status" className="mx-1 mb-2 text-center text-xs font-medium text-muted-foreground">
          Hold the microphone to record, release to send
        </p>
      )}
      <div className="flex items-end gap-0.5">
        {!recording && !editing && (
          <>
            <label className={pickerClass}>
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                className="sr-only"
                aria-label="Send an image"
                disabled={isUploading}
                onChange={(event) => picked(event.currentTarget, 'image')}
              />
              <ImagePlus className="size-5" aria-hidden />
            </label>
            <label className={pickerClass}>
              <input
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                aria-label="Send a document"
                disabled={isUploading}
                onChange={(event) => picked(event.currentTarget, 'document')}
              />
              <FileText className="size-5" aria-hidden />
            </label>
          </>
        )}
        {recording ? (
          <div
            role="status"
            className="flex min-h-11 flex-1 items-center gap-3 rounded-3xl bg-destructive-soft px-4 text-sm font-semibold text-destructive-soft-foreground"
          >
            <span aria-hidden className="size-2.5 shrink-0 animate-pulse rounded-full bg-destructive" />
            <span className="flex-1">Recording... Release to send</span>
            <span className="tabular-nums" aria-hidden>
              {clock(voice.seconds)}
            </span>
          </div>
        ) : (
          <textarea
            ref={field}
            rows={1}
            value={text}
            placeholder={placeholder}
            aria-label={editing ? 'Edit your message' : 'Message'}
            onChange={(event) => {
              setText(event.target.value);
              if (!editing && event.target.value.trim()) onTyping();
            }}
            onKeyDown={onKeyDown}
            maxLength={4000}
            // The on-screen keyboard's Enter key shows what it does here: a new line, or send.
            enterKeyHint={touchKeyboard ? 'enter' : 'send'}
            className="max-h-38 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-input bg-background px-3.5 py-2.5 text-[0.9375rem] leading-6 text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40"
          />
        )}
        {!editing && (
          <button
            type="button"
            aria-label="Hold to record a voice message"
            aria-pressed={recording}
            disabled={isUploading}
            onPointerDown={onPointerDown}
            onPointerUp={() => voice.release()}
            onPointerCancel={() => voice.cancel()}
            onKeyDown={onVoiceKeyDown}
            onKeyUp={onVoiceKeyUp}
            onContextMenu={(event) => event.preventDefault()}
            className={cn(
              iconButton,
              'touch-none select-none [-webkit-touch-callout:none]',
              recording && 'scale-110 bg-destructive text-destructive-foreground hover:bg-destructive',
            )}
          >
            <Mic className="size-5" aria-hidden />
          </button>
        )}
        {!recording && (
          <button
            type="button"
            aria-label={editing ? 'Save message' : 'Send message'}
            disabled={blank || busy}
            aria-busy={busy || undefined}
            onClick={() => void submit()}
            className={cn(
              'inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-soft transition-[transform,opacity] duration-150 active:scale-95',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'disabled:bg-muted disabled:text-muted-foreground disabled:shadow-none',
            )}
          >
            {busy ? <Spinner size="sm" label="" /> : <SendHorizontal className="size-5" aria-hidden />}
          </button>
        )}
      </div>
    </div>
  );
}
