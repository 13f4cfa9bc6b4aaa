"use client";
import { usePathname } from "next/navigation";
import { useSession } from "@storyloom/api-client/react";
import { IntentLink as Link } from "../shell/intent-link";
import { MatureBadge } from "./mature-badge";

const action = "inline-flex min-h-11 items-center self-start rounded-xl bg-brand px-5 font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** True for the API's refusal of a mature story to a caller who may not see it (403 with `age_gate`). */
export function isAgeGate(err: unknown): boolean {
  const e = err as { status?: unknown; details?: { age_gate?: unknown } | null } | null;
  return e?.status === 403 && e.details?.age_gate === true;
}

/**
 * Why a mature story does not open, and the one step that opens it: "Sign in" for a guest, "Confirm
 * your age in settings" for a signed-in player who has not confirmed they are 18 or older.
 */
export function AgeGateNotice() {
  const pathname = usePathname() ?? "/";
  const { ready, isLoggedIn } = useSession();
  return (
    <section aria-labelledby="age-gate-heading" className="mx-4 my-8 flex flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-5" data-testid="age-gate">
      <p>
        <MatureBadge />
      </p>
      <h1 id="age-gate-heading" className="text-xl font-semibold text-fg">
        This story is for adults
      </h1>
      <p className="text-fg/90">
        Its author or our staff rated it Mature (18+). Mature stories open only for signed-in players who have confirmed in settings that they are 18 or older.
      </p>
      {!ready ? null : isLoggedIn ? (
        <>
          <p className="text-sm text-muted">You are signed in, but have not confirmed your age yet.</p>
          <Link href={`/user/settings?next=${encodeURIComponent(pathname)}#age`} className={action}>
            Confirm your age in settings
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-muted">You are playing as a guest. Sign in with your e-mail, then confirm your age in settings.</p>
          <Link href={`/auth/login?next=${encodeURIComponent(pathname)}`} className={action}>
            Sign in
          </Link>
        </>
      )}
      <Link href="/" className="self-start text-sm text-muted underline underline-offset-4 hover:text-fg">
        Browse other stories
      </Link>
    </section>
  );
}
