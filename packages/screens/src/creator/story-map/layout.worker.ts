// The story map's layout worker: dagre runs off the page's thread, so a large map never stalls typing.
import { layoutGraph } from "./layout";
import { parseLayoutRequest, type LayoutResponse } from "./layout-messages";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage: (message: LayoutResponse) => void;
};
scope.onmessage = (e) => {
  const req = parseLayoutRequest(e.data);
  if (!req) return;
  const t0 = performance.now();
  const laid = layoutGraph(req.nodes, req.edges);
  scope.postMessage({
    id: req.id,
    positions: [...laid.nodes].map(([k, p]) => [k, p.x, p.y]),
    width: laid.width,
    height: laid.height,
    ms: performance.now() - t0,
  });
};
