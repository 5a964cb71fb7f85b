// A signed-in session for the screen tests (shared: libs/web-common/src/testing).
export { signedInAs } from './render';
