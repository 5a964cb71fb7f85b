import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { useTimeT } from '../../../shared/i18n';
import { createFrameDecoder, validGtin } from './barcode';

interface Props {
  open: boolean;
  /** A valid EAN/GTIN read from the camera (the dialog closes itself). */
  onDetected: (code: string) => void;
  onClose: () => void;
}

/** Frames a second the scanner reads (enough for a hand-held phone, light on the battery). */
const FRAMES_PER_SECOND = 6;

/**
 * «Barcode scannen» (issue 29): the phone's back camera, each frame read by the browser's
 * BarcodeDetector or ZXing; the first code with a right check digit is the answer. The camera is
 * stopped when the dialog closes.
 */
export function BarcodeScanner({ open, onDetected, onClose }: Props) {
  const t = useTimeT();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const canvas = document.createElement('canvas');
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setError(t('materials.scan.noCamera'));
        return;
      }
      if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const decode = await createFrameDecoder();
      let busy = false;
      timer = setInterval(() => {
        const v = video.current;
        if (busy || stopped || !v || v.videoWidth === 0) return;
        busy = true;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        canvas.getContext('2d', { willReadFrequently: true })!.drawImage(v, 0, 0);
        void decode(canvas)
          .then((code) => {
            if (code && validGtin(code) && !stopped) {
              stopped = true;
              onDetected(code);
            }
          })
          .finally(() => (busy = false));
      }, 1000 / FRAMES_PER_SECOND);
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // onDetected is read once per opening; a new function each render must not restart the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('materials.scan.title')}
      onCancel={onClose}
      // The form asks the quantity next; the focus does not go back to the scan button.
      focusTriggerAfterClose={false}
      footer={null}
      destroyOnHidden
    >
      {error ? (
        <Alert type="warning" showIcon title={error} />
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            data-testid="barcode-video"
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('materials.scan.hint')}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
