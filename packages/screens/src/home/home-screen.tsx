import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntentLink as Link } from "../shell/intent-link";
import { EmptyState } from "@storyloom/ui";
import { getBrand } from "../brand";
import { CatalogueGrid } from "../catalogue/catalogue-grid";
import { inlineLeadCover } from "../catalogue/lead-cover";
import { filterHref, listInput, parseFilter, SORTS, type CatalogueFilter } from "../catalogue/query";
import { RefreshError } from "../catalogue/refresh-error";
import { serverRead } from "../catalogue/server-read";
import { readError } from "../error/read-error";
import { StoryModalHost } from "../catalogue/story-modal-host";
import { PersonalRows } from "./personal-rows";
import { SearchBox } from "./search-box";

/** Home keeps the site's default title ('{brand} - AI-Powered Interactive Stories'). */
export const metadata: Metadata = {};

const chip = "inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";
const chipOn = "border-transparent bg-brand text-white";
const chipOff = "border-line bg-surface-2 text-fg hover:border-brand";

function ChipLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link href={href} scroll={false} aria-current={current ? "true" : undefined} className={`${chip} ${current ? chipOn : chipOff}`}>
      {children}
    </Link>
  );
}

/**
 * Home: the catalogue. Filters are links and a search form over the URL, and the first page of
 * stories is fetched here on the server (cached 30 s), so the first paint carries the covers and
 * works before hydration; the personal rows and further pages fill in on the client. This route
 * renders searches and categories per request; the plain catalogue is {@link CachedHomeScreen}.
 */
export default async function HomeScreen({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <Catalogue filter={parseFilter(await searchParams)} cached={false} />;
}

/**
 * The unfiltered catalogue in one sort order: `/` and `/?sort=…` without a search or category are
 * rewritten here by the brand config (`@storyloom/next-config`, tooling/next). It is the same for
 * every visitor, so it is served from the full-route cache like story pages: rendered on its first
 * visit, then again in the background once the reads' 30 s have passed.
 */
export async function CachedHomeScreen({ params }: { params: Promise<{ sort: string }> }) {
  const { sort } = await params;
  if (!SORTS.some((s) => s.id === sort)) notFound();
  return <Catalogue filter={parseFilter({ sort })} cached />;
}

/** No sort order is rendered at build (no API may be running then); each on its first visit. */
export function generateStaticParams(): { sort: string }[] {
  return [];
}

async function Catalogue({ filter, cached }: { filter: CatalogueFilter; cached: boolean }) {
  const brand = getBrand();
  const [page, categories] = await Promise.all([serverRead("storyList", listInput(filter)), serverRead("categoryList", {})]);
  // A cached page must never hold an error: a failed read is thrown there instead of shown. The last
  // good copy keeps being served while a background render fails; without one, the error page offers Reload.
  if (cached && !page.ok) throw readError("The catalogue", page);
  if (cached && !categories.ok) throw readError("The categories", categories);
  const leadCover = page.ok ? await inlineLeadCover(page.data.stories[0]?.cover_url) : null;
  const categoryList = categories.ok ? categories.data.categories : [];
  const categoryNames = Object.fromEntries(categoryList.map((c) => [c.id, c.name]));
  const filtered = Boolean(filter.q || filter.category);
  const heading = filter.q ? `Results for “${filter.q}”` : filter.category ? (categoryNames[filter.category] ?? "Stories") : "All stories";
  const at = (patch: Partial<CatalogueFilter>) => filterHref({ ...filter, ...patch });

  return (
    <StoryModalHost>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-10">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          {brand.tagline}
        </h1>
        <p className="mt-1 text-muted">Pick a story, meet its characters and choose what happens next.</p>

        <div className="mt-5 flex flex-col gap-3 md:flex-row md:items-center">
          <div className="md:flex-1"><SearchBox filter={filter} /></div>
          <nav aria-label="Sort stories" className="flex gap-2">
            {SORTS.map((s) => (
              <ChipLink key={s.id} href={at({ sort: s.id })} current={filter.sort === s.id}>{s.label}</ChipLink>
            ))}
          </nav>
        </div>

        <nav aria-label="Categories" className="-mx-4 mt-3 overflow-x-auto px-4 pb-1">
          <ul className="flex gap-2">
            <li><ChipLink href={at({ category: null })} current={!filter.category}>All</ChipLink></li>
            {categoryList.map((c) => (
              <li key={c.id}>
                <ChipLink href={at({ category: c.id })} current={filter.category === c.id}>{c.name}</ChipLink>
              </li>
            ))}
          </ul>
        </nav>

        {filtered ? null : <PersonalRows />}

        <section aria-labelledby="catalogue-heading" className="mt-8">
          <h2 id="catalogue-heading" className="mb-3 text-lg font-semibold text-fg">{heading}</h2>
          {!page.ok ? (
            <RefreshError message="Stories could not be loaded. Check your connection and try again." />
          ) : page.data.stories.length === 0 ? (
            <EmptyState
              title="No stories match"
              description={filter.q ? `Nothing found for “${filter.q}”. Try another word or category.` : "This category has no stories yet."}
              action={<Link href="/" className="font-semibold text-fg underline underline-offset-4">Show all stories</Link>}
            />
          ) : (
            <CatalogueGrid key={filterHref(filter)} filter={filter} initialPage={page.data} categoryNames={categoryNames} leadCover={leadCover} />
          )}
        </section>
      </div>
    </StoryModalHost>
  );
}
