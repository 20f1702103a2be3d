import { availableParallelism } from 'node:os';
import { z } from 'zod';

// Env values arrive as strings; options passed from code may be real numbers/booleans.
const port = z.coerce.number().int().min(1024).max(65535);
const flag = z.union([z.boolean(), z.stringbool()]);

export const sfuConfigSchema = z
  .object({
    /** Number of mediasoup workers (one process each). Default: one per CPU core. */
    workers: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(() => availableParallelism()),
    /** mediasoup worker log level. Default: 'warn'. */
    logLevel: z.enum(['debug', 'warn', 'error', 'none']).default('warn'),
    /** mediasoup worker log tags for debug logs, comma-separated in env (e.g. "dtls,srtp,ice"). Default: none. */
    logTags: z
      .union([
        z.array(z.string()),
        z.string().transform((s) =>
          s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z.array(
          z.enum([
            'info',
            'ice',
            'dtls',
            'rtp',
            'srtp',
            'rtcp',
            'rtx',
            'bwe',
            'score',
            'simulcast',
            'svc',
            'sctp',
            'message',
          ]),
        ),
      )
      .default([]),
    /** Lowest UDP/TCP port a transport may bind. Default: 40000. */
    rtcMinPort: port.default(40000),
    /** Highest UDP/TCP port a transport may bind. Default: 49999. */
    rtcMaxPort: port.default(49999),
    /** IP the transports listen on. Default: '127.0.0.1' (development; use 0.0.0.0 or the host's IP in production). */
    listenIp: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
    /** Address (IP or hostname) given to browsers in ICE candidates, e.g. the public IP behind NAT. Default: none (the listen IP). */
    announcedAddress: z.string().min(1).optional(),
    /**
     * Address (IP or hostname) other API instances send piped media to (PipeTransport), when the
     * listen IP is not reachable from them as is (0.0.0.0, a container's own address). Default:
     * none (the listen IP).
     */
    pipeAnnouncedAddress: z.string().min(1).optional(),
    /** Also offer ICE-TCP candidates for browsers whose UDP is blocked. Default: true. */
    enableTcp: flag.default(true),
    /** Offer H264 besides VP8 (for Safari/hardware encoders). Default: false. */
    enableH264: flag.default(false),
    /** Kernel receive buffer (bytes) of a broadcaster's transport socket, so bursts (keyframes, a briefly descheduled worker) are not dropped; the kernel caps it at net.core.rmem_max. Default: 1048576. */
    ingestRecvBufferBytes: z.coerce.number().int().min(65536).default(1_048_576),
    /** Bitrate (bits/s) a new WebRTC transport starts sending at before estimation. Default: 1000000. */
    initialOutgoingBitrate: z.coerce.number().int().min(100_000).default(1_000_000),
    /** Tracks one peer (browser connection) may send into a stream: a broadcaster sends audio and video. Default: 4. */
    maxProducersPerPeer: z.coerce.number().int().min(1).max(64).default(4),
    /** Tracks one peer may receive from a stream: 2 per broadcaster (audio and video), so 4 for a duet. Default: 16. */
    maxConsumersPerPeer: z.coerce.number().int().min(1).max(256).default(16),
    /**
     * Consumers one router of a stream takes before new viewers get a router on another worker,
     * fed by pipeToRouter. Below the per-worker knee (sfu/README.md, "Fan-out benchmark"). Default: 400.
     */
    routerConsumerBudget: z.coerce.number().int().min(1).max(100_000).default(400),
    /**
     * Consumers one worker carries across all streams; a new viewer whose stream finds no worker
     * under it is refused (SfuError 'at-capacity') instead of pushing a worker past its knee. Default: 410.
     */
    workerConsumerCapacity: z.coerce.number().int().min(1).max(100_000).default(410),
  })
  .refine((c) => c.rtcMinPort <= c.rtcMaxPort, { message: 'rtcMinPort must not exceed rtcMaxPort' });

export type SfuConfig = z.output<typeof sfuConfigSchema>;
/** What callers pass to Sfu.start: any subset, the rest takes its default. */
export type SfuOptions = z.input<typeof sfuConfigSchema>;

/** Environment variable behind each option. */
const envNames = {
  workers: 'SFU_WORKERS',
  logLevel: 'SFU_LOG_LEVEL',
  logTags: 'SFU_LOG_TAGS',
  rtcMinPort: 'SFU_RTC_MIN_PORT',
  rtcMaxPort: 'SFU_RTC_MAX_PORT',
  listenIp: 'SFU_LISTEN_IP',
  announcedAddress: 'SFU_ANNOUNCED_ADDRESS',
  pipeAnnouncedAddress: 'SFU_PIPE_ANNOUNCED_ADDRESS',
  enableTcp: 'SFU_ENABLE_TCP',
  enableH264: 'SFU_ENABLE_H264',
  ingestRecvBufferBytes: 'SFU_INGEST_RECV_BUFFER_BYTES',
  initialOutgoingBitrate: 'SFU_INITIAL_OUTGOING_BITRATE',
  maxProducersPerPeer: 'SFU_MAX_PRODUCERS_PER_PEER',
  maxConsumersPerPeer: 'SFU_MAX_CONSUMERS_PER_PEER',
  routerConsumerBudget: 'SFU_ROUTER_CONSUMER_BUDGET',
  workerConsumerCapacity: 'SFU_WORKER_CONSUMER_CAPACITY',
} as const satisfies Record<keyof SfuConfig, string>;

/** Reads the SFU_* variables; unset or empty ones take their defaults. Throws an Error naming each bad variable. */
export function sfuConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SfuConfig {
  const raw: Record<string, string> = {};
  for (const [key, name] of Object.entries(envNames)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = sfuConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = issue.path[0] as keyof SfuConfig | undefined;
    return `${key ? envNames[key] : 'SFU_*'}: ${issue.message}`;
  });
  throw new Error(`Invalid SFU configuration: ${problems.join('; ')}`);
}
