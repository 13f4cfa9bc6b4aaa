"use client";
// Cursor paging in the URL: "First page" goes back to the start, "Next page" sets the API's cursor.
import { Button } from "@storyloom/ui";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { withParams } from "./filters";

/** "First page" and "Next page": the cursor in the URL. */
export function DataTablePager({ nextCursor }: { nextCursor: string | null | undefined }) {
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const onFirst = !params.get("cursor");
  if (onFirst && !nextCursor) return null;
  const go = (cursor: string | undefined) => router.push(`${path}${withParams(params, { cursor })}`);
  return (
    <nav aria-label="Pages" className="mt-2 flex gap-2">
      {!onFirst && (
        <Button size="sm" variant="secondary" onClick={() => go(undefined)}>
          First page
        </Button>
      )}
      {nextCursor && (
        <Button size="sm" variant="secondary" onClick={() => go(nextCursor)}>
          Next page
        </Button>
      )}
    </nav>
  );
}

