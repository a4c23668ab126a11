/**
 * The event-chain picker's list: the run's messages (chain/messageList.ts) grouped by series, optionally narrowed to
 * one payload size, so that a sweep of many sizes and series (655 messages in the PVFS2 list I/O run's trace) reads as a
 * short list. The message drawn stays listed whatever the size filter, so the picker always shows it.
 */
import type { MessageEntry } from './messageList';

/** Each payload size among `messages`, ascending, with how many messages carry it. */
export function messageSizes(messages: readonly MessageEntry[]): { bytes: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const m of messages) counts.set(m.bytes, (counts.get(m.bytes) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([bytes, count]) => ({ bytes, count }));
}

/**
 * `messages` of payload `bytes` (all when null) grouped by series index, ascending, each group in start order;
 * `keep` (the message drawn, or null) is listed even when of another size.
 */
export function messageGroups(messages: readonly MessageEntry[], bytes: number | null, keep: number | null): [number, MessageEntry[]][] {
  const groups = new Map<number, MessageEntry[]>();
  for (const m of messages) {
    if (bytes !== null && m.bytes !== bytes && m.message !== keep) continue;
    const g = groups.get(m.seriesIndex);
    if (g) g.push(m);
    else groups.set(m.seriesIndex, [m]);
  }
  return [...groups].sort((a, b) => a[0] - b[0]);
}
