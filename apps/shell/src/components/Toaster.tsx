import { useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX, toast, type ToastMessage } from '@zunft/web-common';
import { useShellT } from '../i18n/shell-i18n';
import './toaster.css';

const ICONS: Record<ToastMessage['type'], string> = { success: '✓', error: '!', info: 'i', warning: '!' };

/**
 * Renders the web-common toast bus top-right: 5000 ms each, at most 20 at once (part 1 §9).
 * Plain React + CSS, so public pages do not load antd for it.
 */
export function Toaster({ durationMs = TOAST_DURATION_MS, max = TOAST_MAX }: { durationMs?: number; max?: number }) {
  const { t } = useShellT();
  const [items, setItems] = useState<ToastMessage[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const activeTimers = timers.current;
    const dismiss = (id: number) => {
      clearTimeout(activeTimers.get(id));
      activeTimers.delete(id);
      setItems((list) => list.filter((m) => m.id !== id));
    };
    const off = toast.subscribe((message) => {
      setItems((list) => [...list, message].slice(-max));
      activeTimers.set(
        message.id,
        setTimeout(() => dismiss(message.id), durationMs),
      );
    });
    return () => {
      off();
      for (const timer of activeTimers.values()) clearTimeout(timer);
      activeTimers.clear();
    };
  }, [durationMs, max]);

  const close = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((m) => m.id !== id));
  };

  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {items.map((m) => (
        <div key={m.id} className={`toast toast--${m.type}`} role={m.type === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden>
            {ICONS[m.type]}
          </span>
          <span className="toast__text">
            {m.text}
            {m.detail && <span className="toast__detail">{m.detail}</span>}
          </span>
          <button type="button" className="toast__close" aria-label={t('app.close')} onClick={() => close(m.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
