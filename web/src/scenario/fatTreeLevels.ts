/**
 * The fat tree's level rule, as the core states it (core-wasm/src/hw/fat_tree_shape.h): a k-ary n-tree of arity k
 * holds k^n hosts; `cluster.levels` runs from the fewest levels that hold the nodes up to the most whose tree has
 * at most 4096 host ports (QsNetII's largest machine). Pure; the core re-checks every value.
 */

/** Most host ports (arity^levels) a fat tree may have. */
export const MAX_FAT_TREE_PORTS = 4096;

/** The fewest levels whose tree of `arity`-way switches holds `nodes` hosts (smallest n >= 1 with arity^n >= nodes). */
export function minLevels(arity: number, nodes: number): number {
  let n = 1;
  while (arity ** n < nodes) n++;
  return n;
}

/** The most levels allowed for `arity`: the largest n with arity^n <= 4096 (6 for arity 4, 4 for 8, 12 for 2). */
export function maxLevels(arity: number): number {
  let n = 1;
  while (arity ** (n + 1) <= MAX_FAT_TREE_PORTS) n++;
  return n;
}

/**
 * The rule `levels` breaks on a tree of `arity`-way switches with `nodes` hosts, in the core's words
 * ("2 levels of 4-way switches hold at most 16 nodes, not 64"), or null when allowed. Arity 2..8, nodes >= 2.
 */
export function levelsRuleError(arity: number, levels: number, nodes: number): string | null {
  const what = `${levels} ${levels === 1 ? 'level' : 'levels'} of ${arity}-way switches`;
  if (levels < minLevels(arity, nodes)) return `${what} hold at most ${arity ** levels} nodes, not ${nodes}`;
  if (levels > maxLevels(arity))
    return `${what} make ${arity ** levels} host ports; at most ${MAX_FAT_TREE_PORTS} (${maxLevels(arity)} levels)`;
  return null;
}
