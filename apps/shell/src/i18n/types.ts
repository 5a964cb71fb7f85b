import type { ShellStrings } from './de';

type Widen<T> = T extends string ? string : { [K in keyof T]?: Widen<T[K]> };
type Complete<T> = T extends string ? string : { [K in keyof T]: Complete<T[K]> };

/** A translation that may leave keys out (i18next falls back to German). */
export type DeepPartialStrings = Widen<ShellStrings>;

/** A complete translation: every German key present (tsc fails when fr/it miss one). */
export type ShellTranslation = Complete<ShellStrings>;
