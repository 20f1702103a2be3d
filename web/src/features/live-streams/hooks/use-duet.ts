import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_STREAM_MESSAGES, type LiveStream } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { endDuet } from '../api/end-duet.ts';
import { isCameraDenied, startDuetCamera, type DuetCamera } from '../lib/duet-camera.ts';
import { openSender, type Sender } from '../lib/live-media-client.ts';
import type { StreamSocket } from '../lib/stream-socket.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

export interface Duet {
  /** The stream's duet partner, kept current by duet_started / duet_ended. */
  readonly partnerId: string | null;
  /** My own camera while I am the partner and it is on air. */
  readonly selfMedia: MediaStream | null;
  readonly ending: boolean;
  /** End Duet (the streamer or the partner). */
  end(): Promise<void>;
}

/**
 * A stream page's duet: the partner as the room announces it ("Duet Started!", "Duet Ended"), and,
 * when I am the partner, my camera produced into the stream over the room's socket until the duet
 * ends (a refused camera says so and ends the duet).
 */
export function useDuet(stream: LiveStream, me: string | null, socket: StreamSocket | null): Duet {
  const [partnerId, setPartnerId] = useState<string | null>(stream.duetPartnerId);
  const [selfMedia, setSelfMedia] = useState<MediaStream | null>(null);
  const [ending, setEnding] = useState(false);
  const partnerRef = useRef(stream.duetPartnerId);
  const cameraRef = useRef<DuetCamera | null>(null);
  // Bumped by every start and stop, so a camera that opens after its duet ended is let go.
  const generation = useRef(0);
  // A duet this page ended because its camera failed: that failure stays the notice shown.
  const quietEnd = useRef(false);

  const stopCamera = useCallback(() => {
    generation.current += 1;
    cameraRef.current?.stop();
    cameraRef.current = null;
    setSelfMedia(null);
  }, []);

  // Said once per duet, whichever of the socket and End Duet's answer comes first.
  const duetOff = useCallback(() => {
    stopCamera();
    if (partnerRef.current === null) return;
    partnerRef.current = null;
    setPartnerId(null);
    if (!quietEnd.current) toast({ title: LIVE_STREAM_MESSAGES.duetEnded });
    quietEnd.current = false;
  }, [stopCamera]);

  useEffect(() => {
    if (!socket) return;
    // The socket's send transport, opened for the first duet and kept for the next (the SFU closes
    // a partner's tracks when a duet ends, and the transport when the socket goes).
    let sender: Promise<Sender> | null = null;
    const getSender = () => {
      if (sender) return sender;
      const opening = openSender(socket, stream.id);
      sender = opening;
      // A failed opening is tried again by the next duet.
      opening.catch(() => {
        if (sender === opening) sender = null;
      });
      return opening;
    };
    const startCamera = async () => {
      const mine = ++generation.current;
      try {
        const cam = await startDuetCamera(getSender);
        if (mine !== generation.current) return cam.stop();
        cameraRef.current = cam;
        setSelfMedia(cam.media);
      } catch (error) {
        if (mine !== generation.current) return;
        if (isCameraDenied(error))
          toast({
            title: LIVE_STREAM_MESSAGES.cameraDeniedDuetTitle,
            description: LIVE_STREAM_MESSAGES.cameraDeniedDuet,
            variant: 'destructive',
          });
        else
          toast({
            title: LIVE_STREAM_MESSAGES.duetSetupFailedTitle,
            description: error instanceof Error ? error.message : undefined,
            variant: 'destructive',
          });
        // A partner without a camera would leave an empty half: end the duet.
        quietEnd.current = true;
        await endDuet(stream.id).catch(() => undefined);
      }
    };
    const off = socket.subscribe((m) => {
      if (!('streamId' in m) || m.streamId !== stream.id) return;
      if (m.type === 'duet_started') {
        quietEnd.current = false;
        partnerRef.current = m.partner.id;
        setPartnerId(m.partner.id);
        toast({
          title: LIVE_STREAM_MESSAGES.duetStarted,
          description: `@${m.partner.username ?? 'unknown'} joined the stream`,
        });
        if (me !== null && m.partner.id === me) void startCamera();
      }
      if (m.type === 'duet_ended') duetOff();
      if (m.type === 'duet_declined') toast({ title: LIVE_STREAM_MESSAGES.duetDeclined });
    });
    // Back in the room while still the partner (a reload within the grace period): back on camera.
    if (me !== null && partnerRef.current === me) void startCamera();
    return () => {
      off();
      stopCamera();
      void sender?.then(
        (s) => s.close(),
        () => undefined,
      );
    };
  }, [socket, stream.id, me, duetOff, stopCamera]);

  const end = useCallback(async () => {
    setEnding(true);
    try {
      await endDuet(stream.id);
      duetOff();
    } catch (error) {
      toastFailure('Error', error);
    } finally {
      setEnding(false);
    }
  }, [stream.id, duetOff]);

  return { partnerId, selfMedia, ending, end };
}
