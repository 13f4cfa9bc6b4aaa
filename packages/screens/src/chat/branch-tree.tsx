"use client";
import "@xyflow/react/dist/base.css";
import { useMemo } from "react";
import { ReactFlow, type Edge, type Node } from "@xyflow/react";
import { treeLayout, type BranchEntry } from "./branch-logic";

// The branch tree beside the chat on a desktop (loaded with the branch panel there): one node per
// branch, an edge from the branch it was forked from. A click shows that branch; the list below it
// is the same control for the keyboard and screen readers, so the drawing is a picture to them.

const nodeClass = "rounded-lg border px-2 py-1 text-xs shadow-sm";

/** The tree of `entries`; a click on a node shows its branch (unless `busy`). */
export default function BranchTree({ entries, onShow, busy }: { entries: readonly BranchEntry[]; onShow: (id: string) => void; busy: boolean }) {
  const { nodes, edges } = useMemo(() => {
    const placed = treeLayout(entries);
    const nodes: Node[] = placed.map((p, i) => {
      const e = entries[i]!;
      return {
        id: p.id,
        position: { x: p.x, y: p.y },
        data: { label: `${e.number}. ${e.title.length > 40 ? `${e.title.slice(0, 39)}…` : e.title}` },
        className: `${nodeClass} ${e.branch.active ? "border-brand bg-surface-2 font-semibold text-fg" : "border-line bg-surface text-fg"}`,
        style: { width: 200 },
        draggable: false,
        connectable: false,
      };
    });
    const edges: Edge[] = placed.filter((p) => p.parent !== null && placed.some((q) => q.id === p.parent)).map((p) => ({ id: `${p.parent}-${p.id}`, source: p.parent!, target: p.id }));
    return { nodes, edges };
  }, [entries]);
  return (
    <div aria-hidden="true" className="h-48 overflow-hidden rounded-xl border border-line bg-surface" data-testid="branch-tree">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        panOnDrag={false}
        zoomOnScroll={false}
        fitView
        fitViewOptions={{ maxZoom: 1, padding: 0.15 }}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => {
          if (!busy) onShow(node.id);
        }}
      />
    </div>
  );
}
