/**
 * A W3C Trace Context `traceparent` for one API call (issue 27): version 00, a random 16-byte trace
 * id, a random 8-byte id of the browser's call, flags 01 (sampled). The gateway and the services
 * continue this trace through NATS and the worker (OpenTelemetry, when the backend exports traces),
 * so an operator finds the whole chain of one click by its trace id. No SDK in the bundle: the
 * header is all the browser side needs (https://www.w3.org/TR/trace-context/#traceparent-header).
 */
export function newTraceparent(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const hex = (length: number): string => {
    for (;;) {
      const id = Array.from(random(new Uint8Array(length)), (b) => b.toString(16).padStart(2, '0')).join('');
      if (/[^0]/.test(id)) return id; // all zeros is an invalid id
    }
  };
  return `00-${hex(16)}-${hex(8)}-01`;
}
