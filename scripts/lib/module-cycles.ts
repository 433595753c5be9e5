/**
 * Cycles between server modules (`src/server/modules/<name>/`), which dependency-cruiser's file
 * rules cannot see: cards importing analytics' service while analytics imports cards' mapper is no
 * file cycle, yet neither module can be understood or moved without the other. A module depends on
 * another when one of its files imports one of the other's at run time; tests and type-only imports
 * do not count.
 */

/** The part of a dependency-cruiser result this reads. */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string; dependencyTypes: string[] }[];
}

const MODULE = /^src\/server\/modules\/([^/]+)\//;
const TEST = /\.test\.tsx?$/;

/** Module → the modules it imports at run time. */
export function moduleGraph(modules: CruisedModule[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from || TEST.test(file.source)) continue;
    for (const dep of file.dependencies) {
      const to = MODULE.exec(dep.resolved)?.[1];
      if (!to || to === from || dep.dependencyTypes.includes('type-only')) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
  }
  return graph;
}

/**
 * The module imports that lie on a cycle, as "from → to", sorted: an import lies on a cycle when
 * both modules are in the same strongly connected component (Tarjan).
 */
export function cycleEdges(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let components = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (!component.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w !== undefined) component.set(w, components);
      } while (w !== undefined && w !== v);
      components++;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const edges: string[] = [];
  for (const [from, tos] of graph)
    for (const to of tos) if (component.get(from) === component.get(to)) edges.push(`${from} → ${to}`);
  return edges.sort();
}
