// The messages between the story map and its layout worker, checked on arrival (a worker's
// message is data from another thread: it is read as unknown, never trusted by its type).

/** The structure to lay out: node ids and the edges between them. */
export interface LayoutRequest {
  id: number;
  nodes: string[];
  edges: [string, string, number][];
}

/** Each node's top-left corner, under the request's id. */
export interface LayoutResponse {
  id: number;
  positions: [string, number, number][];
  width: number;
  height: number;
  ms: number;
}

/** A layout request when `data` is one, else null. */
export function parseLayoutRequest(data: unknown): LayoutRequest | null {
  const d = data as Partial<LayoutRequest> | null;
  if (!d || typeof d.id !== "number" || !Array.isArray(d.nodes) || !Array.isArray(d.edges)) return null;
  if (!d.nodes.every((n) => typeof n === "string")) return null;
  if (
    !d.edges.every(
      (e) =>
        Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "string" && typeof e[2] === "number",
    )
  )
    return null;
  return { id: d.id, nodes: d.nodes, edges: d.edges };
}
