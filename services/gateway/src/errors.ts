// Every answer the gateway produces itself is `{ error, requestId }` with a German message.
import type { FastifyReply } from 'fastify';
import type { ErrorBody } from '@zunft/contracts';

export const MESSAGES = {
  unknownApiPath: 'Unbekannter API-Pfad',
  notFound: 'Nicht gefunden',
  fileNotFound: 'Datei nicht gefunden',
  bodyTooLarge: 'Die Anfrage ist zu gross',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  upstreamUnavailable: 'Dienst vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
  upstreamTimeout: 'Der Dienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.',
  shellMissing: 'Die Anwendung ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
  badRequest: 'Ungültige Anfrage',
  internal: 'Interner Fehler. Bitte versuchen Sie es später erneut.',
} as const;

export function sendError(reply: FastifyReply, status: number, error: string): FastifyReply {
  const body: ErrorBody = { error, requestId: reply.request.id };
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}
