import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { sfuConfigFromEnv, sfuConfigSchema } from './config.ts';

describe('SFU config', () => {
  it('defaults to one worker per core on loopback', () => {
    expect(sfuConfigFromEnv({})).toEqual({
      workers: availableParallelism(),
      logLevel: 'warn',
      logTags: [],
      rtcMinPort: 40000,
      rtcMaxPort: 49999,
      listenIp: '127.0.0.1',
      enableTcp: true,
      enableH264: false,
      ingestRecvBufferBytes: 1_048_576,
      initialOutgoingBitrate: 1_000_000,
      maxProducersPerPeer: 4,
      maxConsumersPerPeer: 16,
      routerConsumerBudget: 400,
      workerConsumerCapacity: 410,
    });
  });

  it('reads SFU_* variables, treating empty ones as unset', () => {
    const config = sfuConfigFromEnv({
      SFU_WORKERS: '3',
      SFU_LISTEN_IP: '0.0.0.0',
      SFU_ANNOUNCED_ADDRESS: 'media.example.com',
      SFU_RTC_MIN_PORT: '41000',
      SFU_RTC_MAX_PORT: '41999',
      SFU_ENABLE_TCP: 'false',
      SFU_ENABLE_H264: 'true',
      SFU_LOG_LEVEL: '',
      SFU_LOG_TAGS: 'dtls, srtp',
      SFU_MAX_PRODUCERS_PER_PEER: '2',
      SFU_MAX_CONSUMERS_PER_PEER: '8',
      SFU_ROUTER_CONSUMER_BUDGET: '120',
      SFU_WORKER_CONSUMER_CAPACITY: '150',
    });
    expect(config).toMatchObject({
      workers: 3,
      listenIp: '0.0.0.0',
      announcedAddress: 'media.example.com',
      rtcMinPort: 41000,
      rtcMaxPort: 41999,
      enableTcp: false,
      enableH264: true,
      logLevel: 'warn',
      logTags: ['dtls', 'srtp'],
      maxProducersPerPeer: 2,
      maxConsumersPerPeer: 8,
      routerConsumerBudget: 120,
      workerConsumerCapacity: 150,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => sfuConfigFromEnv({ SFU_LOG_TAGS: 'dtls,nonsense' })).toThrow(/SFU_LOG_TAGS/);
    expect(() => sfuConfigFromEnv({ SFU_LISTEN_IP: 'localhost' })).toThrow(/SFU_LISTEN_IP/);
    expect(() => sfuConfigFromEnv({ SFU_WORKERS: 'many' })).toThrow(/SFU_WORKERS/);
    expect(() => sfuConfigFromEnv({ SFU_ENABLE_TCP: 'maybe' })).toThrow(/SFU_ENABLE_TCP/);
    expect(() => sfuConfigFromEnv({ SFU_MAX_CONSUMERS_PER_PEER: '0' })).toThrow(/SFU_MAX_CONSUMERS_PER_PEER/);
    expect(() => sfuConfigFromEnv({ SFU_ROUTER_CONSUMER_BUDGET: '0' })).toThrow(/SFU_ROUTER_CONSUMER_BUDGET/);
    expect(() => sfuConfigFromEnv({ SFU_WORKER_CONSUMER_CAPACITY: 'lots' })).toThrow(/SFU_WORKER_CONSUMER_CAPACITY/);
  });

  it('rejects an empty port range', () => {
    expect(() => sfuConfigSchema.parse({ rtcMinPort: 50000, rtcMaxPort: 40000 })).toThrow(/rtcMinPort/);
  });

  it('accepts options from code as plain values', () => {
    expect(sfuConfigSchema.parse({ workers: 1, enableTcp: false })).toMatchObject({ workers: 1, enableTcp: false });
  });
});
