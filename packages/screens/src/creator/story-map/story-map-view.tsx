"use client";
// The story map, drawn: knots and stitches as buttons (each moves the editor to its header), the
// ways between them as arrows labelled with their choices. Loaded only when the map is opened:
// the graph view, dagre (in a worker) and their styles are not part of the editor's first load.
import "@xyflow/react/dist/base.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import { headerLines, storyMap, MAP_START, type MapNode, type StoryMap } from "@storyloom/story-script/map";
import { dangerText } from "@storyloom/ui";
import { graphOf, layoutGraph, NODE_HEIGHT, NODE_WIDTH, TIDY_LIMIT, type MapLayout } from "./layout";
import type { LayoutResponse } from "./layout-messages";
import { nodeLabel, nodeMarks, nodeSubtitle, nodeTitle, type MapMarks } from "./map-marks";

/** Props of {@link StoryMapView}. */
export interface StoryMapViewProps {
  /** The compiled script (the last one that compiled), and the source it came from. */
  json: string;
  source: string;
  /** Knots the preview's path went through, and where it stands. */
  visited: readonly string[];
  here: string | null;
  /** Coverage per knot (absent: coverage not run). */
  reach?: ReadonlyMap<string, boolean>;
  onGoToLine: (line: number) => void;
}

type KnotData = { node: MapNode; marks: MapMarks; onGoToLine: (line: number) => void };
type KnotNode = Node<KnotData, "knot">;

const TONE: Record<MapMarks["tone"], string> = {
  here: "border-brand bg-brand text-white",
  path: "border-brand bg-brand/15 text-fg",
  dead: `border-red-500 bg-red-500/10 ${dangerText}`,
  unreachable: "border-dashed border-line bg-surface text-muted",
  plain: "border-line bg-surface-2 text-fg",
};

function KnotBox({ data }: NodeProps<KnotNode>) {
  const { node, marks } = data;
  return (
    <>
      <Handle type="target" position={Position.Top} className="!opacity-0" isConnectable={false} />
      {/* The graph view takes pointer events off nodes that are not draggable or selectable: the
          button takes them back, and nopan/nodrag keep a click from panning the view. */}
      <button
        type="button"
        data-knot={node.id}
        data-on-path={marks.onPath || undefined}
        aria-label={nodeLabel(node, marks)}
        aria-current={marks.tone === "here" ? "step" : undefined}
        disabled={!node.line}
        onClick={() => data.onGoToLine(node.line)}
        style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
        className={`nopan nodrag pointer-events-auto flex flex-col items-start justify-center rounded-xl border-2 px-2.5 text-left text-xs focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 focus-visible:outline-none ${TONE[marks.tone]} ${marks.notCovered ? "outline-2 outline-offset-2 outline-amber-500" : ""}`}
      >
        <span className="w-full truncate font-mono font-semibold">{nodeTitle(node)}</span>
        {/* A space between the lines, so the text read out is "lamp unreachable", not "lampunreachable". */}{" "}
        <span className="w-full truncate">{nodeSubtitle(node, marks)}</span>
      </button>
      <Handle type="source" position={Position.Bottom} className="!opacity-0" isConnectable={false} />
    </>
  );
}

const nodeTypes = { knot: KnotBox };

/** Lays the map out in a worker (synchronously where workers are missing); only a new structure is laid out again. */
function useLayout(map: StoryMap | null): { layout: MapLayout | null; ms: number | null; failed: boolean } {
  const structure = useMemo(() => (map ? graphOf(map) : null), [map]);
  const key = structure ? JSON.stringify(structure) : "";
  const [state, setState] = useState<{ key: string; layout: MapLayout; ms: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const worker = useRef<Worker | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    if (!structure) return;
    const id = ++asked.current;
    if (typeof Worker === "undefined") {
      const t0 = performance.now();
      setState({ key, layout: layoutGraph(structure.nodes, structure.edges), ms: performance.now() - t0 });
      return;
    }
    if (!worker.current) {
      const w = new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module" });
      w.onerror = (e) => {
        e.preventDefault();
        setFailed(true);
      };
      worker.current = w;
    }
    worker.current.onmessage = (e: MessageEvent<LayoutResponse>) => {
      if (e.data.id !== asked.current) return;
      setFailed(false);
      setState({
        key,
        layout: {
          nodes: new Map(e.data.positions.map(([n, x, y]) => [n, { x, y }])),
          width: e.data.width,
          height: e.data.height,
        },
        ms: e.data.ms,
      });
    };
    worker.current.postMessage({ id, nodes: structure.nodes, edges: structure.edges });
    // `key` stands for `structure`: a recompile that keeps the same knots and ways keeps the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => () => worker.current?.terminate(), []);
  return { layout: state?.layout ?? null, ms: state?.ms ?? null, failed };
}

/** The map of the compiled script, with the preview's path and the coverage marked on it. */
export function StoryMapView({ json, source, visited, here, reach, onGoToLine }: StoryMapViewProps) {
  // The graph follows the compiled script; the lines follow every keystroke, and are cheap to read.
  const map = useMemo(() => {
    try {
      return storyMap(json);
    } catch {
      return null;
    }
  }, [json]);
  const lines = useMemo(() => headerLines(source), [source]);
  const { layout, ms, failed } = useLayout(map);
  // The editor hands a new callback each render; the nodes keep one that calls the latest.
  const goTo = useRef(onGoToLine);
  useEffect(() => {
    goTo.current = onGoToLine;
  }, [onGoToLine]);
  const onGo = useCallback((line: number) => goTo.current(line), []);

  const { nodes, edges } = useMemo(() => {
    if (!map || !layout) return { nodes: [] as KnotNode[], edges: [] as Edge[] };
    const onPath = new Set(visited);
    if (visited.length || here) onPath.add(MAP_START);
    const nodes: KnotNode[] = map.nodes.map((mapNode) => {
      const n = { ...mapNode, line: mapNode.id === MAP_START ? 1 : (lines.get(mapNode.id) ?? 0) };
      return {
        id: n.id,
        type: "knot",
        position: layout.nodes.get(n.id) ?? { x: 0, y: 0 },
        data: {
          node: n,
          marks: nodeMarks(n, { onPath: onPath.has(n.id), here: here === n.id, reached: reach?.get(n.id) }),
          onGoToLine: onGo,
        },
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
    const edges: Edge[] = map.edges.map((e, i) => {
      const lit = onPath.has(e.from) && onPath.has(e.to);
      return {
        id: `e${i}`,
        source: e.from,
        target: e.to,
        label: e.label
          ? e.label.length > 28
            ? `${e.label.slice(0, 27)}…`
            : e.label
          : e.kind === "divert" || e.kind === "choice"
            ? undefined
            : e.kind,
        animated: false,
        focusable: false,
        markerEnd: { type: MarkerType.ArrowClosed },
        style: {
          strokeWidth: lit ? 2.5 : 1.25,
          stroke: lit ? "var(--brand-primary)" : "var(--muted)",
          strokeDasharray: e.conditional || e.kind === "reference" ? "5 4" : undefined,
        },
        // The theme's colours, so labels read on both the light and the dark theme.
        labelStyle: { fontSize: 10, fill: "var(--fg)" },
        labelBgStyle: { fill: "var(--surface)" },
      };
    });
    return { nodes, edges };
  }, [map, lines, layout, visited, here, reach, onGo]);

  if (!map) return <p className={`text-sm ${dangerText}`}>The map could not be read from this script.</p>;
  if (failed && !layout)
    return (
      <p role="alert" className={`text-sm ${dangerText}`}>
        The map could not be laid out. Reload the page to try again.
      </p>
    );
  if (!layout)
    return (
      <p role="status" className="text-sm text-muted">
        Laying out {map.nodes.length} knots…
      </p>
    );
  const counts = {
    endings: map.nodes.filter((n) => n.ending).length,
    dead: map.nodes.filter((n) => n.deadEnd).length,
    unreachable: map.nodes.filter((n) => n.unreachable).length,
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted" data-testid="story-map-summary">
        {map.nodes.length - 1} knots and stitches · {counts.endings} with an ending · {counts.dead} dead{" "}
        {counts.dead === 1 ? "end" : "ends"} · {counts.unreachable} unreachable
        {ms !== null
          ? ` · laid out in ${Math.round(ms)} ms${map.nodes.length > TIDY_LIMIT ? " (quick layout)" : ""}`
          : ""}
      </p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted" aria-label="Map legend">
        <li>
          <span aria-hidden="true" className="mr-1 inline-block size-2.5 rounded-sm bg-brand" />
          where the preview is
        </li>
        <li>
          <span aria-hidden="true" className="mr-1 inline-block size-2.5 rounded-sm border-2 border-brand" />
          on the preview&apos;s path
        </li>
        <li>
          <span
            aria-hidden="true"
            className="mr-1 inline-block size-2.5 rounded-sm border-2 border-red-500"
          />
          dead end
        </li>
        <li>
          <span
            aria-hidden="true"
            className="mr-1 inline-block size-2.5 rounded-sm border-2 border-dashed border-line"
          />
          unreachable
        </li>
        {reach ? (
          <li>
            <span
              aria-hidden="true"
              className="mr-1 inline-block size-2.5 rounded-sm outline-2 outline-amber-500"
            />
            not reached by coverage
          </li>
        ) : null}
        <li>dashed arrow: conditional</li>
      </ul>
      <div
        role="group"
        aria-label="Story map: each knot moves the editor to its line"
        className="h-[30rem] overflow-hidden rounded-xl border border-line bg-surface [&_.react-flow\_\_attribution]:bg-surface [&_.react-flow\_\_attribution_a]:text-muted [&_.react-flow\_\_controls-button]:border [&_.react-flow\_\_controls-button]:border-line [&_.react-flow\_\_controls-button]:bg-surface-2 [&_.react-flow\_\_controls-button]:text-fg"
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.1 }}
          minZoom={0.1}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
    </div>
  );
}
