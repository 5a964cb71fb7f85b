/** Same key as libs/web-common/src/session/token-storage.ts (checked by site.spec.ts). */
export const TOKEN_KEY = 'zunft.token';
