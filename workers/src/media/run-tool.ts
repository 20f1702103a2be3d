import { spawn } from 'node:child_process';
import { MediaProcessingError } from './media-processing-error.ts';

export interface RunToolOptions {
  /** Killed (SIGKILL) after this long: a stuck ffmpeg must not hold a job slot forever. */
  readonly timeoutMs: number;
  /** Aborting kills the child too (a job cancelled, the worker shutting down). */
  readonly signal?: AbortSignal;
  /** Each line of stdout as it arrives (ffmpeg's `-progress pipe:1`). Otherwise stdout is collected. */
  readonly onStdoutLine?: (line: string) => void;
  /**
   * A non-zero exit means the input is bad rather than the tool (ffprobe's case): not retryable.
   * Otherwise the stderr tail decides (see INPUT_ERRORS).
   */
  readonly exitMeansUnreadable?: boolean;
}

export interface ToolResult {
  readonly stdout: string;
  readonly stderrTail: string;
}

/** The last bytes of stderr are kept for the error reason; the rest would only cost memory. */
const STDERR_TAIL_BYTES = 2_000;
const MAX_STDOUT_BYTES = 16 * 1024 * 1024;

/** ffmpeg messages that mean the input itself cannot be decoded, so a retry cannot help. */
const INPUT_ERRORS = [
  'Invalid data found when processing input',
  'could not find codec parameters',
  'does not contain any stream',
  'moov atom not found',
  'EBML header parsing failed',
  'Error while decoding',
  'Invalid NAL unit',
  'Decoder (codec',
  'Unsupported codec',
];

/**
 * Runs ffmpeg/ffprobe without a shell (the path is an argument, never parsed), and turns every
 * way it can fail into a MediaProcessingError whose reason ends with the tool's own words.
 */
export function runTool(command: string, args: readonly string[], options: RunToolOptions): Promise<ToolResult> {
  const { timeoutMs, signal, onStdoutLine, exitMeansUnreadable = false } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(stopped(command, signal.reason));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let pending = '';
    let stderrTail = '';
    let timedOut = false;

    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!onStdoutLine) {
        if (stdout.length < MAX_STDOUT_BYTES) stdout += chunk;
        return;
      }
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line.trim());
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });

    const finish = (error: MediaProcessingError | null) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      if (error) reject(error);
      else resolve({ stdout, stderrTail: stderrTail.trim() });
    };

    child.once('error', (cause) =>
      finish(new MediaProcessingError('tool_failed', `${command} could not start: ${cause.message}`, { cause })),
    );
    child.once('close', (code, killedBy) => {
      if (pending && onStdoutLine) onStdoutLine(pending.trim());
      const tail = stderrTail.trim();
      const said = tail ? `: ${tail}` : '';
      if (timedOut)
        return finish(
          new MediaProcessingError(
            'timeout',
            `${command} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`,
          ),
        );
      if (signal?.aborted) return finish(stopped(command, signal.reason));
      if (killedBy)
        return finish(new MediaProcessingError('tool_failed', `${command} was killed by ${killedBy}${said}`));
      if (code === 0) return finish(null);
      if (exitMeansUnreadable || INPUT_ERRORS.some((m) => tail.includes(m))) {
        return finish(new MediaProcessingError('unreadable', `the file could not be decoded${said}`));
      }
      finish(new MediaProcessingError('tool_failed', `${command} exited with code ${code}${said}`));
    });
  });
}

function stopped(command: string, cause: unknown): MediaProcessingError {
  return new MediaProcessingError('tool_failed', `${command} was stopped before it finished`, { cause });
}
