/**
 * Peak resident memory of a process and all its descendants together, sampled from
 * /proc. A build runs worker processes beside the main one (webpack's minifier
 * workers, Rspack's threads live in one process), so the largest single process
 * understates what the machine must hold.
 */
import {readdirSync, readFileSync} from 'node:fs';

const PAGE_KB = 4;

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** Resident KB of `rootPid` and every process below it, right now. */
export function treeRssKb(rootPid: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(entry, 'stat');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields) parentOf.set(Number(entry), Number(fields[1]));
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parentOf.get(p), hops += 1) {
      if (p === rootPid) return true;
    }
    return false;
  };
  let total = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    const statm = readProc(String(pid), 'statm');
    if (statm) total += Number(statm.split(' ')[1]) * PAGE_KB;
  }
  return total;
}

/** Samples the tree every `intervalMs` until `stop()`, which returns the peak in KB. */
export function watchTreeRss(rootPid: number, intervalMs = 100): {stop: () => number} {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRssKb(rootPid));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
