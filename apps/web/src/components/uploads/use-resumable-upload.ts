import { useEffect, useRef, useState } from 'react';
import {
  forgetUpload,
  type ResumableHandlers,
  type ResumableUpload,
  type UnfinishedUpload,
  unfinishedUploadsTo,
} from '../../lib/tus';
import { RateMeter } from './rate';

/** `finishing`: every byte arrived and the server is at work on the file (checking, importing). */
export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'finishing' | 'failed';

export interface UploadProgressState {
  name: string;
  sent: number;
  total: number;
  speed: number | null;
  secondsLeft: number | null;
}

/** What a field's upload reports while it runs: progress (with speed and time left) and errors. */
export type UploadReports = Pick<ResumableHandlers, 'onProgress' | 'onError'>;

export interface ResumableUploadState {
  phase: UploadPhase;
  progress: UploadProgressState | null;
  problem: string | null;
  /** Uploads to the same path this browser started and did not finish. */
  unfinished: UnfinishedUpload[];
  /** Uploading, paused or finishing: the field takes no other file. */
  busy: boolean;
  /** Failed with the upload still known: "Resume" tries again. */
  canResume: boolean;
  percent: number;
}

export interface ResumableUploadControls {
  /** Sends `file` with the upload `create` makes, which reports through the given handlers. */
  start: (file: File, create: (reports: UploadReports) => ResumableUpload) => void;
  pause: () => Promise<void>;
  resume: () => void;
  cancel: () => Promise<void>;
  forget: (key: string) => Promise<void>;
  /** The last byte of `file` arrived: the upload is over and no longer unfinished. */
  arrived: (file: File) => void;
  /** The server is at work on the file. */
  finishing: () => void;
  /** Done: the field is ready for another file. */
  settled: () => void;
  /** A refusal or error to show; `dropProgress` also hides the progress box. */
  failed: (message: string, options?: { dropProgress?: boolean }) => void;
  setProblem: (problem: string | null) => void;
}

/**
 * The state of a resumable (tus) upload field — lesson videos and lesson packages: progress with
 * speed and time left, pause, resume and cancel, and the unfinished uploads this browser
 * remembers for `path`. Leaving the field pauses the upload (the server keeps what it has).
 * With `finishAtLastByte` the phase turns `finishing` as the last byte is sent (the final
 * response is the server's check); otherwise the field calls `finishing()` itself.
 */
export function useResumableUpload({
  path,
  fallbackName,
  initialProblem = null,
  finishAtLastByte = false,
}: {
  path: string;
  /** The name shown for an unfinished upload whose file name the browser did not keep. */
  fallbackName: string;
  initialProblem?: string | null;
  finishAtLastByte?: boolean;
}): ResumableUploadState & ResumableUploadControls {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const [problem, setProblem] = useState<string | null>(initialProblem);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const upload = useRef<ResumableUpload | null>(null);
  const meter = useRef(new RateMeter());

  useEffect(() => {
    void unfinishedUploadsTo(path, fallbackName).then(setUnfinished);
    return () => void upload.current?.pause();
  }, [path, fallbackName]);

  function start(file: File, create: (reports: UploadReports) => ResumableUpload) {
    setProblem(null);
    meter.current.reset();
    setProgress({ name: file.name, sent: 0, total: file.size, speed: null, secondsLeft: null });
    setPhase('uploading');
    const started = create({
      onProgress: (sent, total) => {
        meter.current.add(sent, performance.now());
        setProgress({
          name: file.name,
          sent,
          total,
          speed: meter.current.bytesPerSecond(),
          secondsLeft: meter.current.secondsLeft(total),
        });
        if (finishAtLastByte && sent >= total) setPhase('finishing');
      },
      onError: (message) => {
        setPhase('failed');
        setProblem(message);
      },
    });
    upload.current = started;
    void started.start();
  }

  async function pause() {
    setPhase('paused');
    await upload.current?.pause();
  }

  function resume() {
    meter.current.reset();
    setProblem(null);
    setPhase('uploading');
    upload.current?.resume();
  }

  async function cancel() {
    const running = upload.current;
    upload.current = null;
    setPhase('idle');
    setProgress(null);
    setProblem(null);
    await running?.cancel();
  }

  async function forget(key: string) {
    await forgetUpload(key);
    setUnfinished((list) => list.filter((other) => other.key !== key));
  }

  function arrived(file: File) {
    upload.current = null;
    setUnfinished((list) => list.filter((u) => u.name !== file.name || u.size !== file.size));
  }

  function settled() {
    setPhase('idle');
    setProgress(null);
  }

  function failed(message: string, { dropProgress = false } = {}) {
    setPhase('failed');
    if (dropProgress) setProgress(null);
    setProblem(message);
  }

  return {
    phase,
    progress,
    problem,
    unfinished,
    busy: phase === 'uploading' || phase === 'paused' || phase === 'finishing',
    canResume: phase === 'failed' && upload.current !== null,
    percent: progress && progress.total > 0 ? (progress.sent * 100) / progress.total : 0,
    start,
    pause,
    resume,
    cancel,
    forget,
    arrived,
    finishing: () => setPhase('finishing'),
    settled,
    failed,
    setProblem,
  };
}
