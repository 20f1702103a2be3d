import * as mediasoup from 'mediasoup';
const mediaCodecs = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: { 'x-google-start-bitrate': 1000 } },
];
const fb = [{ type: 'goog-remb', parameter: '' }, { type: 'transport-cc', parameter: '' }, { type: 'ccm', parameter: 'fir' }, { type: 'nack', parameter: '' }, { type: 'nack', parameter: 'pli' }];
const ext = [
  { uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 4, encrypt: false, parameters: {} },
  { uri: 'http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time', id: 2, encrypt: false, parameters: {} },
  { uri: 'http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01', id: 3, encrypt: false, parameters: {} },
];
const cases = {
  audioMinimal: { kind: 'audio', rtpParameters: { mid: '0', codecs: [{ mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: {}, rtcpFeedback: [] }], headerExtensions: [], encodings: [{ ssrc: 1111 }], rtcp: { cname: 'abc', reducedSize: true } } },
  audioParams: { kind: 'audio', rtpParameters: { mid: '0', codecs: [{ mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2, parameters: { minptime: 10, useinbandfec: 1 }, rtcpFeedback: [{ type: 'transport-cc', parameter: '' }] }], headerExtensions: [...ext, { uri: 'urn:ietf:params:rtp-hdrext:ssrc-audio-level', id: 1, encrypt: false, parameters: {} }], encodings: [{ ssrc: 1112, dtx: false }], rtcp: { cname: 'abc', reducedSize: true } } },
  videoMinimal: { kind: 'video', rtpParameters: { mid: '1', codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: [] }], headerExtensions: [], encodings: [{ ssrc: 2221 }], rtcp: { cname: 'abc', reducedSize: true } } },
  videoRtx: { kind: 'video', rtpParameters: { mid: '1', codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: fb }, { mimeType: 'video/rtx', payloadType: 97, clockRate: 90000, parameters: { apt: 96 }, rtcpFeedback: [] }], headerExtensions: [...ext, { uri: 'urn:3gpp:video-orientation', id: 13, encrypt: false, parameters: {} }, { uri: 'urn:ietf:params:rtp-hdrext:toffset', id: 14, encrypt: false, parameters: {} }], encodings: [{ ssrc: 2222, rtx: { ssrc: 2223 } }], rtcp: { cname: 'abc', reducedSize: true } } },
  videoScal: { kind: 'video', rtpParameters: { mid: '1', codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: fb }], headerExtensions: ext, encodings: [{ ssrc: 2224, scalabilityMode: 'L1T3' }], rtcp: { cname: 'abc', reducedSize: true } } },
  videoSimulcast: { kind: 'video', rtpParameters: { mid: '1', codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, parameters: {}, rtcpFeedback: fb }], headerExtensions: ext, encodings: [{ ssrc: 3001, rid: undefined, scalabilityMode: 'L1T3' }, { ssrc: 3002 }, { ssrc: 3003 }], rtcp: { cname: 'abc', reducedSize: true } } },
};
const which = process.argv[2];
const worker = await mediasoup.createWorker({ logLevel: 'warn' });
worker.on('died', (e) => { console.log(which, 'WORKER DIED', e.message); process.exit(1); });
const router = await worker.createRouter({ mediaCodecs });
const t = await router.createWebRtcTransport({ listenInfos: [{ protocol: 'udp', ip: '127.0.0.1' }] });
try { const p = await t.produce(cases[which]); console.log(which, 'ok', p.id); } catch (e) { console.log(which, 'error', e.message); }
worker.close();
