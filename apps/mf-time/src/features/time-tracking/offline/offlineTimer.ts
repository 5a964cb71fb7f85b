// A timer started without reception runs on the phone only: its start (and the pauses, kept like
// those of every timer in web-common's pause store) are saved here per user. Stopping it queues one
// finished entry with the client's start and end times (offlineQueue.ts).
import { NO_SURCHARGES, type TimeEntryDto } from '@zunft/contracts';
import type { Position } from '../components/geolocation';

export interface OfflineTimer {
  /** Client-chosen id: the id of the entry on the server once it is synced. */
  id: string;
  userId: string;
  projectId: string;
  projectTitle: string;
  projectNumber: string;
  description: string | null;
  /** ISO time of the tap on "Start". */
  startTime: string;
  /** Where the tap on "Start" was (taken once, when allowed); absent or null: no position. */
  startPosition?: Position | null;
}

const KEY_PREFIX = 'zunft.time.offline-timer.';

export function loadOfflineTimer(userId: string, storage: Storage = localStorage): OfflineTimer | null {
  try {
    const raw = storage.getItem(KEY_PREFIX + userId);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    return typeof v.id === 'string' && typeof v.startTime === 'string' && typeof v.projectId === 'string'
      ? (value as OfflineTimer)
      : null;
  } catch {
    return null;
  }
}

export function saveOfflineTimer(timer: OfflineTimer, storage: Storage = localStorage): void {
  storage.setItem(KEY_PREFIX + timer.userId, JSON.stringify(timer));
}

export function clearOfflineTimer(userId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(KEY_PREFIX + userId);
  } catch {
    // storage blocked: nothing was saved either
  }
}

/** The offline timer in the shape the running-timer banner shows. */
export function offlineTimerAsEntry(timer: OfflineTimer): TimeEntryDto {
  return {
    id: timer.id,
    project_id: timer.projectId,
    project_title: timer.projectTitle,
    project_number: timer.projectNumber,
    user_id: timer.userId,
    user_name: '',
    start_time: timer.startTime,
    end_time: null,
    break_minutes: 0,
    description: timer.description,
    total_minutes: null,
    surcharge_total: 0,
    surcharges: { ...NO_SURCHARGES },
    status: 'active',
    start_latitude: timer.startPosition?.latitude ?? null,
    start_longitude: timer.startPosition?.longitude ?? null,
    start_accuracy: timer.startPosition?.accuracy ?? null,
    end_latitude: null,
    end_longitude: null,
    end_accuracy: null,
    approved_at: null,
    approved_by: null,
    created_at: timer.startTime,
    updated_at: timer.startTime,
  };
}
