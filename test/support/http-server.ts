import { createApp, type AppOptions } from '../../server/app.ts';
import { listen, type Listening, type ListenOptions } from '../../server/listen.ts';

/**
 * The real app on a real socket: 127.0.0.1, an ephemeral port, stopped by `close`. Every
 * test client comes from 127.0.0.1, so the per-client connection cap (tested on its own in
 * connections.test.ts) is lifted unless a test asks for it.
 */
export async function startServer(
  options: AppOptions,
  limits: ListenOptions['limits'] = { maxConnectionsPerClient: Number.MAX_SAFE_INTEGER },
): Promise<Listening> {
  return listen(await createApp(options), { port: 0, hostname: '127.0.0.1', limits });
}
