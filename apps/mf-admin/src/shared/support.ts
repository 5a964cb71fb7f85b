declare const __ZUNFT_SUPPORT_EMAIL__: string | undefined;

/**
 * Where customers reach us until online payment exists. Set at build time with
 * ZUNFT_SUPPORT_EMAIL (rspack DefinePlugin); tests and unset builds use the default.
 */
export const SUPPORT_EMAIL: string =
  typeof __ZUNFT_SUPPORT_EMAIL__ === 'string' && __ZUNFT_SUPPORT_EMAIL__ !== ''
    ? __ZUNFT_SUPPORT_EMAIL__
    : 'support@zunft.ch';
