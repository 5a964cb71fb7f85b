import type { ShellStrings } from './de';

type Widen<T> = T extends string ? string : { [K in keyof T]?: Widen<T[K]> };

/** A translation that may leave keys out (i18next falls back to German). */
export type DeepPartialStrings = Widen<ShellStrings>;
