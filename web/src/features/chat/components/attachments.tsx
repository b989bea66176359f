import { Download, FileText, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { Message } from '../api/types';
import { clock, fileExtension } from '../lib/format';

/** An image in the thread: a fixed frame (nothing jumps while it loads), opened full size on tap. */
export function ImageAttachment({
  message,
  onOpen,
}: {
  message: Message;
  onOpen: (url: string, name: string) => void;
}) {
  const [failed, setFailed] = useState(false);
  const url = message.attachmentUrl ?? '';
  const name = message.attachmentName?.trim() || 'Image';
  if (failed) return <DocumentChip message={message} mine={false} />;
  return (
    <button
      type="button"
      onClick={() => onOpen(url, name)}
      className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      aria-label={`Open image ${name}`}
    >
      <img
        src={url}
        alt={name}
        loading="lazy"
        draggable={false}
        onError={() => setFailed(true)}
        className="aspect-[4/3] w-60 max-w-full bg-muted object-cover"
      />
    </button>
  );
}

/** A document in the thread: a chip with its name and type that downloads it. */
export function DocumentChip({ message, mine }: { message: Message; mine: boolean }) {
  const name = message.attachmentName?.trim() || 'Document';
  return (
    <a
      href={message.attachmentUrl ?? '#'}
      download={name}
      target="_blank"
      rel="noreferrer"
      className={cn(
        'flex min-h-14 w-60 max-w-full items-center gap-3 rounded-xl px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        mine ? 'bg-on-solid/15 hover:bg-on-solid/25' : 'bg-muted hover:bg-border/60',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          mine ? 'bg-on-solid/20' : 'bg-primary-soft text-primary-soft-foreground',
        )}
      >
        <FileText className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{name}</span>
        <span className={cn('block text-xs', mine ? 'opacity-80' : 'text-muted-foreground')}>
          {fileExtension(name)} document
        </span>
      </span>
      <Download className="size-4 shrink-0 opacity-70" aria-hidden />
      <span className="sr-only">, download</span>
    </a>
  );
}

/** The length a voice message's name carries (`voice-message-7s.webm`), in seconds, or null. */
export function voiceSeconds(name: string | null | undefined): number | null {
  const match = /-(\d+)s\.[a-z0-9]+$/i.exec(name ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

const BARS = [3, 5, 8, 6, 10, 7, 4, 9, 12, 8, 5, 7, 10, 6, 4, 8, 11, 7, 5, 3, 6, 9, 5, 4];

/** A voice message: play/pause, a waveform that fills as it plays, and its length (spec 000 §2 playback). */
export function VoicePlayer({ message, mine }: { message: Message; mine: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState<number | null>(voiceSeconds(message.attachmentName));

  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, []);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  }

  const progress = duration ? Math.min(1, position / duration) : 0;
  return (
    <div className="flex w-60 max-w-full items-center gap-2 py-0.5">
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause voice message' : 'Play voice message'}
        className={cn(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-transform active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          mine ? 'bg-on-solid text-primary' : 'bg-primary text-primary-foreground',
        )}
      >
        {playing ? <Pause className="size-5" aria-hidden /> : <Play className="ml-0.5 size-5" aria-hidden />}
      </button>
      <div className="flex h-8 flex-1 items-center gap-[3px]" aria-hidden>
        {BARS.map((height, index) => (
          <span
            key={index}
            style={{ height: `${height * 2}px` }}
            className={cn(
              'w-[3px] rounded-full transition-colors',
              index / BARS.length < progress
                ? mine
                  ? 'bg-on-solid'
                  : 'bg-primary'
                : mine
                  ? 'bg-on-solid/40'
                  : 'bg-muted-foreground/40',
            )}
          />
        ))}
      </div>
      <span
        className={cn(
          'w-9 shrink-0 text-right text-xs tabular-nums',
          mine ? 'opacity-90' : 'text-muted-foreground',
        )}
      >
        {clock(playing || position > 0 ? position : (duration ?? 0))}
      </span>
      <audio
        ref={audio}
        src={message.attachmentUrl ?? undefined}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          if (Number.isFinite(length) && length > 0) setDuration(length);
        }}
      >
        <track kind="captions" />
      </audio>
    </div>
  );
}
