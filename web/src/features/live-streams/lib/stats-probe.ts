/**
 * WebRTC statistics of the page's live media, for people debugging a stream from the console
 * (`await myworldLive.stats('viewing')`) and for the browser tests' latency figures; also the time
 * the first video frame was shown (ms since navigation start), and the steps of a viewer's way into
 * the room as performance marks (`live-join:<step>`, in DevTools' Performance panel), so that the
 * time to the first frame can be split into where it went.
 */
type Probe = () => Promise<RTCStatsReport | null>;

interface LiveDebug {
  stats(kind: 'broadcast' | 'viewing'): Promise<Record<string, unknown>[]>;
  firstFrameAt: number | null;
}

/**
 * A viewer's way to the first frame: the stream's details answered (POST /api/streams/{id}/join),
 * the room's socket is open, the room joined (`stream_joined`),
 * the router's capabilities answered and loaded into the device (mediasoup-client asks the browser
 * for its own), the receive transport created, the consumers
 * answered, the transport connected (ICE and DTLS done), the consumers resumed, the first frame shown.
 */
export type JoinStep =
  | 'details'
  | 'socket-open'
  | 'joined'
  | 'capabilities'
  | 'device-loaded'
  | 'transport-created'
  | 'consumers'
  | 'transport-connected'
  | 'resumed'
  | 'first-frame';

export const JOIN_MARK_PREFIX = 'live-join:';

const probes = new Map<string, Probe>();

function debugObject(): LiveDebug {
  const w = window as unknown as { myworldLive?: LiveDebug };
  w.myworldLive ??= {
    async stats(kind) {
      const report = await probes.get(kind)?.();
      return report ? [...report.values()].map((s) => ({ ...s })) : [];
    },
    firstFrameAt: null,
  };
  return w.myworldLive;
}

export function exposeStats(kind: 'broadcast' | 'viewing', probe: Probe): void {
  debugObject();
  probes.set(kind, probe);
}

/** Marks a step of joining a room (each step once per page: a page joins one room after another rarely). */
export function markJoinStep(step: JoinStep): void {
  const name = `${JOIN_MARK_PREFIX}${step}`;
  if (typeof performance.mark === 'function' && performance.getEntriesByName(name, 'mark').length === 0)
    performance.mark(name);
}

export function recordFirstFrame(): void {
  const debug = debugObject();
  debug.firstFrameAt ??= performance.now();
  markJoinStep('first-frame');
}
