import type { MaterialDto } from '@zunft/contracts';

/** EAN-13, EAN-8 and UPC-A (a UPC-A is an EAN-13 with a leading 0). */
export const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a'] as const;

/** The GS1 check digit (mod 10, weights 3 and 1 from the right) is right. */
export function validGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The forms of a code an article's EAN may be stored in: a 12-digit UPC-A is also its 13-digit EAN. */
export function gtinForms(code: string): Set<string> {
  return new Set([
    code,
    code.length === 12 ? `0${code}` : code,
    code.length === 13 && code.startsWith('0') ? code.slice(1) : code,
  ]);
}

/** The active material with this EAN/GTIN among `materials` (e.g. the server's matches of the code). */
export function materialByEan<T extends Pick<MaterialDto, 'ean' | 'is_active'>>(
  materials: readonly T[],
  code: string,
): T | null {
  const forms = gtinForms(code);
  return materials.find((m) => m.is_active && m.ean !== null && forms.has(m.ean)) ?? null;
}

/** The part of the browser's BarcodeDetector (Shape Detection API) the scanner uses. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Reads one frame; null when it holds no readable code. */
export type FrameDecoder = (canvas: HTMLCanvasElement) => Promise<string | null>;

/**
 * The browser's BarcodeDetector where it reads retail codes (Chrome on Android, macOS), else ZXing
 * (`@zxing/library`), loaded only now so the materials screen does not carry it.
 */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  const Native = (
    globalThis as { BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (Native) {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    const formats = RETAIL_FORMATS.filter((f) => supported.includes(f));
    if (formats.length > 0) {
      const detector = new Native({ formats });
      return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
    }
  }
  const zxing = await import('@zxing/library');
  const hints = new Map<unknown, unknown>([
    [
      zxing.DecodeHintType.POSSIBLE_FORMATS,
      [zxing.BarcodeFormat.EAN_13, zxing.BarcodeFormat.EAN_8, zxing.BarcodeFormat.UPC_A],
    ],
    [zxing.DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new zxing.MultiFormatReader();
  reader.setHints(hints as Map<never, never>);
  return async (canvas) => {
    try {
      const bitmap = new zxing.BinaryBitmap(
        new zxing.HybridBinarizer(new zxing.HTMLCanvasElementLuminanceSource(canvas)),
      );
      return reader.decode(bitmap).getText();
    } catch {
      return null; // no code in this frame
    } finally {
      reader.reset();
    }
  };
}
