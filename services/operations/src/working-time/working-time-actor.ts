import type { Language } from '@zunft/contracts';
import type { Actor } from '../common/actor.js';

/** The caller with the language of their token (warnings and holiday names are in it). */
export type WorkingTimeActor = Actor & { language?: Language };
