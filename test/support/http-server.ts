import { createApp, type AppOptions } from '../../server/app.ts';
import { listen, type Listening } from '../../server/listen.ts';

/** The real app on a real socket: 127.0.0.1, an ephemeral port, stopped by `close`. */
export async function startServer(options: AppOptions): Promise<Listening> {
  return listen(await createApp(options), { port: 0, hostname: '127.0.0.1' });
}
