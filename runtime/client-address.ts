/**
 * Who a request comes from, for rate limits. The socket address, unless the operator
 * declared the proxy in front of us as trusted: only then does X-Forwarded-For count,
 * and only its entry added by that proxy (the right-most one), which a client cannot forge.
 */
export function clientAddress(request: Request, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return socketAddress ?? 'unknown';
}
