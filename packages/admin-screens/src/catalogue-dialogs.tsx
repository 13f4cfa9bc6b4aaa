"use client";
// The Catalogue's larger forms: editing a seeded story's metadata, and the categories' order.
import type { CatalogueCategory, CatalogueStory, STORY_LIMITS } from "@storyloom/contract";
import { Button, inputClass } from "@storyloom/ui";
import { useId, useState } from "react";
import { moveItem } from "./catalogue-rules";
import { useStaffMutation } from "./console-provider";
import { ReasonDialog } from "./reason-dialog";

/** The edit's fields as typed (tags comma-separated). */
type Fields = { title: string; hook: string; description: string; tags: string };

/** The changed fields of an edit (only those that differ), or a message when something is off. */
export function editChanges(story: CatalogueStory, f: Fields, limits: typeof STORY_LIMITS): { changes: Partial<Pick<CatalogueStory, "title" | "hook" | "description" | "tags">> } | { error: string } {
  const tags = f.tags.split(",").map((t) => t.trim()).filter(Boolean);
  if (!f.title.trim()) return { error: "The title must not be empty." };
  if (f.title.trim().length > limits.titleChars) return { error: `Keep the title under ${limits.titleChars} characters.` };
  if (f.hook.trim().length > limits.hookChars) return { error: `Keep the hook under ${limits.hookChars} characters.` };
  if (tags.length > limits.tags) return { error: `At most ${limits.tags} tags.` };
  const changes: Partial<Pick<CatalogueStory, "title" | "hook" | "description" | "tags">> = {};
  if (f.title.trim() !== story.title) changes.title = f.title.trim();
  if (f.hook.trim() !== story.hook) changes.hook = f.hook.trim();
  if (f.description.trim() !== story.description) changes.description = f.description.trim();
  if (tags.join(",") !== story.tags.join(",")) changes.tags = tags;
  if (Object.keys(changes).length === 0) return { error: "Change at least one field." };
  return { changes };
}

/** Edit a seeded story's title, hook, description and tags (the API refuses an author's story). */
export function StoryEditDialog({ story, onClose, limits }: { story: CatalogueStory; onClose: () => void; limits: typeof STORY_LIMITS }) {
  const id = useId();
  const [f, setF] = useState<Fields>({ title: story.title, hook: story.hook, description: story.description, tags: story.tags.join(", ") });
  const m = useStaffMutation("adminStoryEdit", (d) => `“${d.story.title}” saved. The catalogue shows it at once.`);
  const checked = editChanges(story, f, limits);
  const field = (name: keyof Fields, label: string, multiline = false) => (
    <>
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea id={`${id}-${name}`} rows={3} value={f[name]} onChange={(e) => setF({ ...f, [name]: e.target.value })} className={inputClass} />
      ) : (
        <input id={`${id}-${name}`} value={f[name]} onChange={(e) => setF({ ...f, [name]: e.target.value })} className={inputClass} />
      )}
    </>
  );
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Edit “${story.title}”`}
      description="A seeded story's metadata. Its script and characters are not changed here."
      confirmLabel="Save"
      busy={m.isPending}
      check={() => ("error" in checked ? checked.error : null)}
      onConfirm={(reason) => "changes" in checked && m.mutate({ story_id: story.id, ...checked.changes, reason }, { onSuccess: onClose })}
      extra={
        <>
          {field("title", "Title")}
          {field("hook", "Hook", true)}
          {field("description", "Description", true)}
          {field("tags", "Tags (comma-separated)")}
        </>
      }
    />
  );
}

/** The categories in display order, moved with buttons (keyboard first), saved with a reason. */
export function CategoryOrder({ categories }: { categories: CatalogueCategory[] }) {
  const [order, setOrder] = useState(() => categories.map((c) => c.id));
  const [confirming, setConfirming] = useState(false);
  const [announce, setAnnounce] = useState("");
  const byId = new Map(categories.map((c) => [c.id, c]));
  const changed = order.join(",") !== categories.map((c) => c.id).join(",");
  const m = useStaffMutation("adminCategorySort", () => "Category order saved. The sites show it at once.");
  const move = (i: number, by: -1 | 1) => {
    const next = moveItem(order, i, by);
    setOrder(next);
    setAnnounce(`${order[i]} is now number ${next.indexOf(order[i]!) + 1} of ${next.length}.`);
  };
  return (
    <div className="max-w-md text-sm">
      <ol className="flex flex-col gap-1" aria-label="Categories in display order">
        {order.map((cid, i) => (
          <li key={cid} className="flex items-center justify-between gap-2 rounded border border-line px-2 py-1">
            <span>
              {i + 1}. {byId.get(cid)?.name ?? cid} <span className="text-xs text-muted">({byId.get(cid)?.story_count ?? 0} stories)</span>
            </span>
            <span className="flex gap-1">
              <Button size="sm" variant="secondary" disabled={i === 0} aria-label={`Move ${cid} up`} onClick={() => move(i, -1)}>
                ↑
              </Button>
              <Button size="sm" variant="secondary" disabled={i === order.length - 1} aria-label={`Move ${cid} down`} onClick={() => move(i, 1)}>
                ↓
              </Button>
            </span>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <Button className="mt-2" size="sm" disabled={!changed} onClick={() => setConfirming(true)}>
        Save order
      </Button>
      {confirming && (
        <ReasonDialog
          open
          onClose={() => setConfirming(false)}
          title="Save the category order"
          description={order.join(" → ")}
          confirmLabel="Save order"
          busy={m.isPending}
          onConfirm={(reason) => m.mutate({ order, reason }, { onSuccess: () => setConfirming(false) })}
        />
      )}
    </div>
  );
}
