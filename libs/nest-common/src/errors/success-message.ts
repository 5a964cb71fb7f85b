import {
  translateServerMessage,
  type Language,
  type ServerMessageParams,
  type SuccessMessageKey,
} from '@zunft/contracts';
import { currentRequest } from '../http/request-context.js';
import { requestLanguage } from './request-language.js';

/**
 * The language of the request being handled (the signed-in user's, else Accept-Language, else
 * German), read when asked, so it sees the user the guard put on the request; German outside a
 * request (CLI, consumers, jobs).
 */
export function currentLanguage(): Language {
  const request = currentRequest();
  return request ? requestLanguage(request) : 'de';
}

/**
 * A success answer's `message` in the caller's language, from the catalogue (issue 28):
 * `return { message: successMessage('success.customer_deleted') }`. The lint rule of
 * eslint.config.js refuses a literal `message` in a service's answer.
 */
export function successMessage(key: SuccessMessageKey, params?: ServerMessageParams): string {
  return translateServerMessage(key, currentLanguage(), params);
}
