// Loaded on use (LoginPage): the login schema brings zod (about 21 KB brotli), which the login
// page does not need to paint. The form starts loading it on its first focus, so it is there by
// the time the user submits.
export { loginRequestSchema, translateValidationMessage } from '@zunft/contracts';
