/**
 * WebRTC statistics of the page's live media, for people debugging a stream from the console
 * (`await myworldLive.stats('viewing')`) and for the browser tests' latency figures; also the time
 * the first video frame was shown (ms since navigation start).
 */
type Probe = () => Promise<RTCStatsReport | null>;

interface LiveDebug {
  stats(kind: 'broadcast' | 'viewing'): Promise<Record<string, unknown>[]>;
  firstFrameAt: number | null;
}

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

export function recordFirstFrame(): void {
  const debug = debugObject();
  debug.firstFrameAt ??= performance.now();
}
