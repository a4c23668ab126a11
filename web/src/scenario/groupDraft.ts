/**
 * The editor's node groups (cluster.groups) as form texts, and the groups they build. A group's nodes and pair are
 * written "first-last" (e.g. "0-15"; one node: "7"); an empty pair lets the core choose (the workload's pair when
 * both ends are in the group, else the group's first node with its last). The rules that need the whole scenario
 * (overlap, node count, pairs across groups, NIC family) are the core's: its refusal names `cluster.groups/<i>`,
 * which the editor shows at that group. Pure.
 */
import type { NodeGroup } from '../../../core-wasm/js/scenarioTypes';

export interface GroupDraft {
  nodes: string;
  series: string;
  pair: string;
}

/** "0-15" → [0, 15], "7" → [7, 7]; null when the text is not one or two whole numbers joined by "-". */
export function parseRange(text: string): [number, number] | null {
  const m = /^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$/.exec(text);
  if (!m) return null;
  const first = Number(m[1]);
  return [first, m[2] === undefined ? first : Number(m[2])];
}

/** The range as a form text: "0-15", or "7" for one node. */
export function rangeText([first, last]: [number, number]): string {
  return first === last ? String(first) : `${first}-${last}`;
}

export function groupDrafts(groups: NodeGroup[] | undefined): GroupDraft[] {
  return (groups ?? []).map((g) => ({ nodes: rangeText(g.nodes), series: g.series, pair: g.pair ? rangeText(g.pair) : '' }));
}

/** The groups of `drafts`, and the errors by group index ("nodes must be first-last, e.g. 0-15"). */
export function buildGroups(drafts: GroupDraft[]): { groups: NodeGroup[]; errors: Record<number, string> } {
  const groups: NodeGroup[] = [];
  const errors: Record<number, string> = {};
  drafts.forEach((d, i) => {
    const nodes = parseRange(d.nodes);
    const pair = d.pair.trim() === '' ? undefined : parseRange(d.pair);
    if (!nodes) errors[i] = 'nodes must be first-last, e.g. 0-15';
    else if (pair === null) errors[i] = 'pair must be initiator-target, e.g. 0-5, or empty';
    else if (d.series === '') errors[i] = 'must name the series its nodes run';
    else groups.push({ nodes, series: d.series, ...(pair && { pair }) });
  });
  return { groups, errors };
}
