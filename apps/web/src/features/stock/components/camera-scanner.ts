/*
 * Reading a QR or barcode with the phone's camera (issue #10 part 7): the browser's own BarcodeDetector where it
 * has one (Chrome on Android), else the `barcode-detector` ponyfill (ZXing compiled to WebAssembly). The ponyfill
 * and its .wasm are loaded only when the user starts the camera, and the .wasm is served by the portal itself
 * (no CDN; the CSP allows compiling it with 'wasm-unsafe-eval').
 */

interface Detected {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

const FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix'];

/** Whether this browser can show the camera at all. */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

async function detectorClass(): Promise<DetectorClass> {
  const native = (
    globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (native) {
    const formats = (await native.getSupportedFormats?.()) ?? [];
    if (formats.includes('qr_code')) return native;
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return BarcodeDetector as unknown as DetectorClass;
}

/**
 * Shows the back camera in `video` and reads codes until one is found (`onCode`, once) or the returned stop
 * function is called. Rejects when the camera is refused or missing.
 */
export async function startScanning(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<() => void> {
  const Detector = await detectorClass();
  const detector = new Detector({ formats: FORMATS });
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute('playsinline', 'true');
  await video.play();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const [found] = await detector.detect(video);
      if (found?.rawValue && !stopped) {
        stop();
        onCode(found.rawValue);
        return;
      }
    } catch {
      // a frame that could not be read (the camera still starting): try the next one
    }
    if (!stopped) timer = setTimeout(() => void tick(), 250);
  };
  void tick();
  return stop;
}
