import type { RegionNode } from '@portal/api';

const byTitle = (a: RegionNode, b: RegionNode) => a.title.localeCompare(b.title, 'es', { sensitivity: 'base', numeric: true });

/**
 * The dashboard's Libraries tree (areas and their libraries, as GET /api/stores?mode=tree&levels=area,name answers
 * it) from the session's full region tree (area > province > city > library), which the shell fetches at sign-in:
 * the dashboard then needs no request of its own before its widgets can ask for data.
 */
export function areaNameTree(tree: readonly RegionNode[]): RegionNode[] {
  const libraries = (node: RegionNode): RegionNode[] => (node.level === 'name' ? [node] : (node.children ?? []).flatMap(libraries));
  return tree
    .filter((area) => area.level === 'area')
    .map((area) => ({
      ...area,
      children: libraries(area)
        .map(({ children: _sensors, ...library }) => ({ ...library, fullName: `${area.title} / ${library.title}` }))
        .sort(byTitle),
    }));
}
