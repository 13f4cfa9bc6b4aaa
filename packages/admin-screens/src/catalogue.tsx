"use client";
// The Catalogue: every story (visible or not) filtered by title or id, category, rating and state
// (in the URL), paged by id; per story hide / show, unpublish, rating, category, and for a seeded
// story its metadata (an author's story stays theirs); and the categories' order. Every action asks
// for a reason, is audited, and the API refreshes the catalogue on every instance and site at once.
// There is no "featured" flag in the schema, so there is no feature action.
import { STORY_LIMITS, type CatalogueCategory, type CatalogueStory, type Rating } from "@storyloom/contract";
import { Button } from "@storyloom/ui";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ANY, CATALOGUE_RATINGS, CATALOGUE_STATES, catalogueQuery, parseCatalogueFilters } from "./catalogue-rules";
import { CategoryOrder, StoryEditDialog } from "./catalogue-dialogs";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterForm, FilterSelect } from "./filter-controls";
import { ReasonDialog } from "./reason-dialog";

type Action = "hide" | "restore" | "unpublish" | "rate" | "category" | "edit";
type Open = { action: Action; story: CatalogueStory } | null;

/** The Catalogue screen. */
export function CatalogueScreen() {
  const filters = parseCatalogueFilters(useSearchParams());
  const q = useStaffQuery("adminCatalogueList", { ...catalogueQuery(filters), limit: 50 });
  const cats = useStaffQuery("adminCategoryList", undefined);
  const [open, setOpen] = useState<Open>(null);
  const columns = storyColumns((action, story) => setOpen({ action, story }));
  const categoryIds = cats.data?.categories.map((c) => c.id) ?? [];
  return (
    <>
      <h1 className="text-lg font-semibold">Catalogue</h1>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <FilterForm key={filters.q ?? ""} submitLabel="Search" fields={[{ name: "q", label: "Title or id", value: filters.q }]} />
        <FilterSelect label="Category" name="category_id" value={filters.category_id ?? ANY} options={[ANY, ...categoryIds]} />
        <FilterSelect label="Rating" name="rating" value={filters.rating ?? ANY} options={CATALOGUE_RATINGS} />
        <FilterSelect label="State" name="state" value={filters.state ?? ANY} options={CATALOGUE_STATES} />
      </div>
      <Section title="Stories">
        <DataTable
          caption="Stories"
          columns={columns}
          rows={q.data?.stories}
          rowId={(s) => s.id}
          loading={q.isPending}
          error={q.error}
          onRetry={() => void q.refetch()}
          nextCursor={q.data?.next_cursor}
          empty="No stories match."
        />
      </Section>
      <Section title="Category order">{cats.data && <CategoryOrder key={categoryIds.join(",")} categories={cats.data.categories} />}</Section>
      {open && <ActionDialog open={open} categories={cats.data?.categories ?? []} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The stories table's columns; `act` opens an action's dialog. */
function storyColumns(act: (action: Action, story: CatalogueStory) => void): Column<CatalogueStory>[] {
  return [
    {
      id: "story",
      header: "Story",
      cell: ({ row }) => (
        <div className="max-w-xs">
          <p className="font-semibold">{row.original.title}</p>
          <p className="font-mono text-xs text-muted">{row.original.id}</p>
        </div>
      ),
    },
    { id: "state", header: "State", cell: ({ row }) => <span className={row.original.state === "visible" ? "" : "font-semibold"}>{row.original.state}</span> },
    { id: "category", header: "Category", cell: ({ row }) => row.original.category_id },
    { id: "rating", header: "Rating", cell: ({ row }) => row.original.rating },
    { id: "author", header: "Author", cell: ({ row }) => (row.original.author ? `${row.original.author.name} (#${row.original.author.id})` : "seeded") },
    { id: "plays", header: "Plays", cell: ({ row }) => row.original.play_count },
    { id: "actions", header: "Actions", cell: ({ row }) => <StoryActions story={row.original} act={act} /> },
  ];
}

/** The buttons of one story's row: only the actions its state allows. */
function StoryActions({ story, act }: { story: CatalogueStory; act: (action: Action, story: CatalogueStory) => void }) {
  const label = (verb: string) => `${verb} ${story.title}`;
  return (
    <div className="flex flex-wrap gap-1">
      {story.state !== "hidden" && (
        <Button size="sm" variant="secondary" aria-label={label("Hide")} onClick={() => act("hide", story)}>
          Hide
        </Button>
      )}
      {(story.state === "hidden" || !story.published) && (
        <Button size="sm" variant="secondary" aria-label={label("Show")} onClick={() => act("restore", story)}>
          Show
        </Button>
      )}
      {story.published && (
        <Button size="sm" variant="secondary" aria-label={label("Unpublish")} onClick={() => act("unpublish", story)}>
          Unpublish
        </Button>
      )}
      <Button size="sm" variant="secondary" aria-label={label("Rating of")} onClick={() => act("rate", story)}>
        Rating
      </Button>
      <Button size="sm" variant="secondary" aria-label={label("Category of")} onClick={() => act("category", story)}>
        Category
      </Button>
      {story.author === null && (
        <Button size="sm" variant="secondary" aria-label={label("Edit")} onClick={() => act("edit", story)}>
          Edit
        </Button>
      )}
    </div>
  );
}

/** The dialog of the action chosen on a row. */
function ActionDialog({ open, categories, onClose }: { open: NonNullable<Open>; categories: CatalogueCategory[]; onClose: () => void }) {
  const { action, story } = open;
  if (action === "hide") return <SimpleDialog name="adminStoryHide" story={story} onClose={onClose} title={`Hide “${story.title}”`} confirm="Hide" text="It leaves the catalogue at once (it stays published) until staff show it again." />;
  if (action === "restore") return <SimpleDialog name="adminStoryRestore" story={story} onClose={onClose} title={`Show “${story.title}”`} confirm="Show" text="It is published again and no longer hidden." />;
  if (action === "unpublish") return <SimpleDialog name="adminStoryUnpublish" story={story} onClose={onClose} title={`Unpublish “${story.title}”`} confirm="Unpublish" text="It leaves the catalogue; its author may submit it again." />;
  if (action === "rate") return <RateDialog story={story} onClose={onClose} />;
  if (action === "category") return <CategoryDialog story={story} categories={categories} onClose={onClose} />;
  return <StoryEditDialog story={story} onClose={onClose} limits={STORY_LIMITS} />;
}

/** Hide, show or unpublish: a reason and the call. */
function SimpleDialog(props: { name: "adminStoryHide" | "adminStoryRestore" | "adminStoryUnpublish"; story: CatalogueStory; title: string; confirm: string; text: string; onClose: () => void }) {
  const m = useStaffMutation(props.name, () => `${props.confirm}: “${props.story.title}” done. The catalogue shows it at once.`);
  return (
    <ReasonDialog
      open
      onClose={props.onClose}
      title={props.title}
      description={props.text}
      confirmLabel={props.confirm}
      danger={props.name !== "adminStoryRestore"}
      busy={m.isPending}
      onConfirm={(reason) => m.mutate({ story_id: props.story.id, reason }, { onSuccess: props.onClose })}
    />
  );
}

/** Change the rating (general or mature). */
function RateDialog({ story, onClose }: { story: CatalogueStory; onClose: () => void }) {
  const [rating, setRating] = useState<Rating>(story.rating === "general" ? "mature" : "general");
  const m = useStaffMutation("adminStoryRate", (d) => `“${d.story.title}” is rated ${d.story.rating}.`);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Rating of “${story.title}”`}
      description={`Now ${story.rating}. Mature stories are shown only to signed-in players who confirmed they are 18 or older.`}
      confirmLabel="Change rating"
      busy={m.isPending}
      check={() => (rating === story.rating ? `The story is already ${rating}.` : null)}
      onConfirm={(reason) => m.mutate({ story_id: story.id, rating, reason }, { onSuccess: onClose })}
      extra={<Choice label="New rating" value={rating} options={["general", "mature"]} onChange={(v) => setRating(v as Rating)} />}
    />
  );
}

/** Move the story to another category. */
function CategoryDialog({ story, categories, onClose }: { story: CatalogueStory; categories: CatalogueCategory[]; onClose: () => void }) {
  const others = categories.filter((c) => c.id !== story.category_id).map((c) => c.id);
  const [category, setCategory] = useState(others[0] ?? "");
  const m = useStaffMutation("adminStoryCategory", (d) => `“${d.story.title}” moved to ${d.story.category_id}.`);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={`Category of “${story.title}”`}
      description={`Now in ${story.category_id}.`}
      confirmLabel="Move"
      busy={m.isPending}
      check={() => (category ? null : "Choose a category.")}
      onConfirm={(reason) => m.mutate({ story_id: story.id, category_id: category, reason }, { onSuccess: onClose })}
      extra={<Choice label="New category" value={category} options={others} onChange={setCategory} />}
    />
  );
}

/** A labelled select inside a dialog. */
function Choice({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className="rounded border border-line bg-surface-2 px-2 py-1 font-normal">
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
