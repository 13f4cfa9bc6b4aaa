"use client";
// The Catalogue: every story (visible or not) filtered by title or id, category, rating, state and
// featured (in the URL), paged by id; per story hide / show, unpublish, rating, category, feature /
// move / unfeature (the stories at the top of the players' popular list), and for a seeded story its
// metadata (an author's story stays theirs); and the categories' order. Every action asks for a
// reason, is audited, and the API refreshes the catalogue on every instance and site at once.
import { FEATURED_MAX, STORY_LIMITS, type CatalogueCategory, type CatalogueStory, type Rating } from "@storyloom/contract";
import { Button } from "@storyloom/ui";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ANY, CATALOGUE_FEATURED, CATALOGUE_RATINGS, CATALOGUE_STATES, catalogueQuery, featureActions, featurePlaces, parseCatalogueFilters, type FeatureAction } from "./catalogue-rules";
import { CategoryOrder, StoryEditDialog } from "./catalogue-dialogs";
import { useStaffMutation, useStaffQuery } from "./console-provider";
import { DataTable, Section, type Column } from "./data-table";
import { FilterForm, FilterSelect } from "./filter-controls";
import { ReasonDialog } from "./reason-dialog";

type Action = "hide" | "restore" | "unpublish" | "rate" | "category" | "edit" | FeatureAction;
type Open = { action: Action; story: CatalogueStory } | null;

/** The Catalogue screen. */
export function CatalogueScreen() {
  const filters = parseCatalogueFilters(useSearchParams());
  const q = useStaffQuery("adminCatalogueList", { ...catalogueQuery(filters), limit: 50 });
  const cats = useStaffQuery("adminCategoryList", undefined);
  // Every featured story fits one page: how many there are decides what Feature offers.
  const featured = useStaffQuery("adminCatalogueList", { featured: "yes", limit: FEATURED_MAX });
  const featuredCount = featured.data?.stories.length;
  const [open, setOpen] = useState<Open>(null);
  const columns = storyColumns((action, story) => setOpen({ action, story }), featuredCount);
  const categoryIds = cats.data?.categories.map((c) => c.id) ?? [];
  return (
    <>
      <h1 className="text-lg font-semibold">Catalogue</h1>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <FilterForm key={filters.q ?? ""} submitLabel="Search" fields={[{ name: "q", label: "Title or id", value: filters.q }]} />
        <FilterSelect label="Category" name="category_id" value={filters.category_id ?? ANY} options={[ANY, ...categoryIds]} />
        <FilterSelect label="Rating" name="rating" value={filters.rating ?? ANY} options={CATALOGUE_RATINGS} />
        <FilterSelect label="State" name="state" value={filters.state ?? ANY} options={CATALOGUE_STATES} />
        <FilterSelect label="Featured" name="featured" value={filters.featured ?? ANY} options={CATALOGUE_FEATURED} />
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {featuredCount === undefined ? "" : `${featuredCount} of at most ${FEATURED_MAX} stories featured at the top of the players' popular list.`}
      </p>
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
      {open && <ActionDialog open={open} categories={cats.data?.categories ?? []} featuredCount={featuredCount ?? 0} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The stories table's columns; `act` opens an action's dialog (`featuredCount`: how many are featured, when known). */
function storyColumns(act: (action: Action, story: CatalogueStory) => void, featuredCount: number | undefined): Column<CatalogueStory>[] {
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
    { id: "featured", header: "Featured", cell: ({ row }) => <FeaturedCell rank={row.original.featured_rank} /> },
    { id: "actions", header: "Actions", cell: ({ row }) => <StoryActions story={row.original} act={act} featuredCount={featuredCount} /> },
  ];
}

/** A story's place among the featured ones, in words. */
function FeaturedCell({ rank }: { rank: number | null }) {
  if (rank === null) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">not featured</span>
      </>
    );
  }
  return <span className="font-semibold">Featured #{rank}</span>;
}

const FEATURE_VERBS: Record<FeatureAction, string> = { feature: "Feature", move: "Move", unfeature: "Unfeature" };

/** The buttons of one story's row: only the actions its state allows. */
function StoryActions({ story, act, featuredCount }: { story: CatalogueStory; act: (action: Action, story: CatalogueStory) => void; featuredCount: number | undefined }) {
  const label = (verb: string) => `${verb} ${story.title}`;
  return (
    <div className="flex flex-wrap gap-1">
      {featureActions(story, featuredCount).map((a) => (
        <Button key={a} size="sm" variant="secondary" aria-label={label(FEATURE_VERBS[a])} onClick={() => act(a, story)}>
          {FEATURE_VERBS[a]}
        </Button>
      ))}
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
function ActionDialog({ open, categories, featuredCount, onClose }: { open: NonNullable<Open>; categories: CatalogueCategory[]; featuredCount: number; onClose: () => void }) {
  const { action, story } = open;
  if (action === "feature" || action === "move") return <FeatureDialog story={story} featuredCount={featuredCount} onClose={onClose} />;
  if (action === "unfeature") return <SimpleDialog name="adminCatalogueUnfeature" story={story} onClose={onClose} title={`Unfeature “${story.title}”`} confirm="Unfeature" text="It leaves the top of the popular list; the stories after it move up one place." />;
  if (action === "hide") return <SimpleDialog name="adminStoryHide" story={story} onClose={onClose} title={`Hide “${story.title}”`} confirm="Hide" text="It leaves the catalogue at once (it stays published) until staff show it again." />;
  if (action === "restore") return <SimpleDialog name="adminStoryRestore" story={story} onClose={onClose} title={`Show “${story.title}”`} confirm="Show" text="It is published again and no longer hidden." />;
  if (action === "unpublish") return <SimpleDialog name="adminStoryUnpublish" story={story} onClose={onClose} title={`Unpublish “${story.title}”`} confirm="Unpublish" text="It leaves the catalogue; its author may submit it again." />;
  if (action === "rate") return <RateDialog story={story} onClose={onClose} />;
  if (action === "category") return <CategoryDialog story={story} categories={categories} onClose={onClose} />;
  return <StoryEditDialog story={story} onClose={onClose} limits={STORY_LIMITS} />;
}

/** Hide, show, unpublish or unfeature: a reason and the call. */
function SimpleDialog(props: {
  name: "adminStoryHide" | "adminStoryRestore" | "adminStoryUnpublish" | "adminCatalogueUnfeature";
  story: CatalogueStory;
  title: string;
  confirm: string;
  text: string;
  onClose: () => void;
}) {
  const m = useStaffMutation(props.name, () => `${props.confirm}: “${props.story.title}” done. The catalogue shows it at once.`);
  return (
    <ReasonDialog
      open
      onClose={props.onClose}
      title={props.title}
      description={props.text}
      confirmLabel={props.confirm}
      danger={props.name === "adminStoryHide" || props.name === "adminStoryUnpublish"}
      busy={m.isPending}
      onConfirm={(reason) => m.mutate({ story_id: props.story.id, reason }, { onSuccess: props.onClose })}
    />
  );
}

/** Feature a story at a place (last by default), or move a featured one to another place. */
function FeatureDialog({ story, featuredCount, onClose }: { story: CatalogueStory; featuredCount: number; onClose: () => void }) {
  const moving = story.featured_rank !== null;
  const places = featurePlaces(featuredCount, moving).map(String);
  const [place, setPlace] = useState(moving ? String(story.featured_rank) : places[places.length - 1]!);
  const m = useStaffMutation("adminCatalogueFeature", (d) => `“${d.story.title}” is featured at place ${d.story.featured_rank}. The sites show it at once.`);
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={moving ? `Move “${story.title}”` : `Feature “${story.title}”`}
      description={
        moving
          ? `Now featured at place ${story.featured_rank}. The stories between its old and new place shift by one.`
          : `It joins the stories at the top of the players' popular list (at most ${FEATURED_MAX}); the ones from its place on move down one.`
      }
      confirmLabel={moving ? "Move" : "Feature"}
      busy={m.isPending}
      check={() => (moving && place === String(story.featured_rank) ? `It is already at place ${place}.` : null)}
      onConfirm={(reason) => m.mutate({ story_id: story.id, reason, position: Number(place) }, { onSuccess: onClose })}
      extra={<Choice label="Place (1 is first)" value={place} options={places} onChange={setPlace} />}
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
