import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from 'react';

export interface SignaturePadHandle {
  /** True until something was drawn (or after clear). */
  isEmpty(): boolean;
  /** The drawing as a PNG data URL (transparent background). */
  toDataURL(): string;
  clear(): void;
}

interface Props {
  ref?: Ref<SignaturePadHandle>;
  /** Accessible name of the canvas, e.g. 'Unterschriftsfeld'. */
  label: string;
  /** Called when the pad changes between empty and drawn. */
  onChange?: (hasInk: boolean) => void;
  /** Id of the element describing the field (hint / error). */
  describedBy?: string;
  invalid?: boolean;
  height?: number;
}

type Point = { x: number; y: number };

const INK = '#10243e';
const LINE_WIDTH = 2.4;

/**
 * A signature canvas for fingers, pens and mice (pointer events). `touch-action: none` keeps the
 * page from scrolling while signing on a phone; the bitmap follows devicePixelRatio so the line is
 * sharp on retina screens. Strokes are kept in CSS pixels and redrawn when the width changes
 * (rotating the phone does not lose the signature).
 */
export function SignaturePad({ ref, label, onChange, describedBy, invalid, height = 180 }: Props) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const strokes = useRef<Point[][]>([]);
  const current = useRef<Point[] | null>(null);
  const hadInk = useRef(false);

  const context = useCallback((): CanvasRenderingContext2D | null => {
    const canvas = canvasRef.current;
    // jsdom and very old browsers have no 2D context; the pad still records the strokes.
    try {
      return canvas?.getContext('2d') ?? null;
    } catch {
      return null;
    }
  }, []);

  const setupContext = useCallback((ctx: CanvasRenderingContext2D) => {
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = LINE_WIDTH;
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
  }, []);

  const drawStroke = useCallback((ctx: CanvasRenderingContext2D, points: Point[]) => {
    const [first, ...rest] = points;
    if (!first) return;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }, []);

  /** Sizes the bitmap to the element × devicePixelRatio and redraws every stroke. */
  const resize = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const rect = canvas.getBoundingClientRect();
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = Math.round(rect.width * ratio);
    const heightPx = Math.round(rect.height * ratio);
    if (width === 0 || heightPx === 0) return;
    if (canvas.width !== width || canvas.height !== heightPx) {
      canvas.width = width;
      canvas.height = heightPx;
    }
    const ctx = context();
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, rect.width, rect.height);
    setupContext(ctx);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }, [context, drawStroke, setupContext]);

  useEffect(() => {
    resize();
    const canvas = canvasRef.current;
    if (!canvas) return;
    let last = canvas.getBoundingClientRect().width;
    const onResize = () => {
      const width = canvas.getBoundingClientRect().width;
      if (width !== last) {
        last = width;
        resize();
      }
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, [resize]);

  const notify = useCallback(() => {
    const hasInk = strokes.current.length > 0;
    if (hasInk !== hadInk.current) {
      hadInk.current = hasInk;
      onChange?.(hasInk);
    }
  }, [onChange]);

  const clear = useCallback(() => {
    strokes.current = [];
    current.current = null;
    resize();
    notify();
  }, [notify, resize]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => strokes.current.length === 0,
      toDataURL: () => {
        const canvas = canvasRef.current;
        return canvas ? canvas.toDataURL('image/png') : '';
      },
      clear,
    }),
    [clear],
  );

  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // capture is a nicety (strokes that leave the field); not every environment has it
    }
    const stroke = [pointOf(event)];
    current.current = stroke;
    strokes.current.push(stroke);
    const ctx = context();
    if (ctx) drawStroke(ctx, stroke);
    notify();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    event.preventDefault();
    // Fast finger movements deliver several points per frame.
    const native = event.nativeEvent as PointerEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const points = (events.length > 0 ? events : [native]).map(pointOf);
    const ctx = context();
    if (ctx) {
      const from = stroke[stroke.length - 1]!;
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      for (const p of points) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    stroke.push(...points);
  };

  const onPointerEnd = () => {
    current.current = null;
  };

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={(event) => {
        // With pointer capture the stroke continues outside; without it, end it at the edge.
        if (!event.currentTarget.hasPointerCapture?.(event.pointerId)) onPointerEnd();
      }}
      style={{
        display: 'block',
        width: '100%',
        height,
        touchAction: 'none',
        userSelect: 'none',
        WebkitUserSelect: 'none',
        cursor: 'crosshair',
        background: '#fff',
        borderRadius: 10,
        border: `2px ${invalid ? 'solid #c4321f' : 'dashed #9aa8ba'}`,
        boxSizing: 'border-box',
      }}
    />
  );
}
