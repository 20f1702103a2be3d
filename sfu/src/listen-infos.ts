import type { types } from 'mediasoup';
import type { SfuConfig } from './config.ts';
import type { TransportDirection } from './types.ts';

type ListenConfig = Pick<
  SfuConfig,
  | 'listenIp'
  | 'announcedAddress'
  | 'pipeAnnouncedAddress'
  | 'rtcMinPort'
  | 'rtcMaxPort'
  | 'enableTcp'
  | 'ingestRecvBufferBytes'
>;

function listenInfo(
  protocol: types.TransportProtocol,
  direction: TransportDirection,
  config: ListenConfig,
): types.TransportListenInfo {
  return {
    protocol,
    ip: config.listenIp,
    ...(config.announcedAddress ? { announcedAddress: config.announcedAddress } : {}),
    portRange: { min: config.rtcMinPort, max: config.rtcMaxPort },
    // Only a broadcaster's socket receives media; a viewer's gets a trickle of RTCP.
    ...(direction === 'send' ? { recvBufferSize: config.ingestRecvBufferBytes } : {}),
  };
}

/** Browsers get a UDP candidate and, unless disabled, an ICE-TCP fallback. */
export function webRtcListenInfos(config: ListenConfig, direction: TransportDirection): types.TransportListenInfo[] {
  const protocols: types.TransportProtocol[] = config.enableTcp ? ['udp', 'tcp'] : ['udp'];
  return protocols.map((protocol) => listenInfo(protocol, direction, config));
}

/** Plain RTP is UDP only. */
export function plainListenInfo(config: ListenConfig, direction: TransportDirection): types.TransportListenInfo {
  return listenInfo('udp', direction, config);
}

/**
 * A pipe between two API instances' routers: UDP from the same port range, announced under the
 * address the other instances reach (SFU_PIPE_ANNOUNCED_ADDRESS), not the browsers' one.
 */
export function pipeListenInfo(config: ListenConfig): types.TransportListenInfo {
  return {
    protocol: 'udp',
    ip: config.listenIp,
    ...(config.pipeAnnouncedAddress ? { announcedAddress: config.pipeAnnouncedAddress } : {}),
    portRange: { min: config.rtcMinPort, max: config.rtcMaxPort },
    recvBufferSize: config.ingestRecvBufferBytes,
  };
}
