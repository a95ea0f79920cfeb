import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak resident memory of a process and all its descendants (worker threads live inside
 * their process; child processes are counted separately), sampled from /proc. Linux only;
 * elsewhere it reports nothing rather than a wrong figure.
 */
function treeRssKib(root: number): number {
  const children = new Map<number, number[]>();
  let total = 0;
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export function watchPeakMemory(pid: number, everyMs = 25): () => number | undefined {
  if (process.platform !== 'linux') return () => undefined;
  let peak = 0;
  const sample = () => (peak = Math.max(peak, treeRssKib(pid)));
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    return peak * 1024;
  };
}
